import Foundation
import RampartHTTP
import RampartSeal

/// Where `rampart fetch` writes a body: standard output as it arrives, or a file that appears
/// only once the whole body was received (a failed or interrupted fetch leaves no partial file).
enum FetchOutput {
    static func write(_ response: HTTPResponse, to output: String?, force: Bool, includeHead: Bool) async throws {
        var head = Data()
        if includeHead {
            head = Data("HTTP/1.1 \(response.status) \(response.reason)\r\n".utf8)
            for (name, value) in response.headers { head += Data("\(name): \(value)\r\n".utf8) }
            head += Data("\r\n".utf8)
        }
        let special = output.map(isSpecialFile) ?? false
        guard let output, output != "-", !special else {
            // Standard output, or a device or pipe such as /dev/null: written as the body arrives.
            let stdout: FileHandle
            if let output, output != "-" {
                guard let device = FileHandle(forWritingAtPath: output) else {
                    await response.body.discard()
                    throw CommandFailure("-o \(output): cannot open it for writing", status: .cannotCreate)
                }
                stdout = device
            } else {
                stdout = FileHandle.standardOutput
            }
            do {
                if !head.isEmpty { try stdout.write(contentsOf: head) }
                for try await slice in response.body { try stdout.write(contentsOf: Data(slice.readableBytesView)) }
            } catch let error as HTTPClientError {
                throw error
            } catch {
                throw CommandFailure("cannot write to standard output: \(error.localizedDescription)", status: .ioError)
            }
            return
        }
        let file: AtomicFileOutput
        do {
            file = try AtomicFileOutput(path: output, replacing: force, mode: 0o644)
        } catch {
            await response.body.discard()
            throw CommandFailure("-o \(output): \(error)", status: .cannotCreate)
        }
        do {
            if !head.isEmpty { try file.write(head) }
            for try await slice in response.body { try file.write(Data(slice.readableBytesView)) }
            try file.commit()
        } catch let error as HTTPClientError {
            file.discard()
            throw error
        } catch {
            file.discard()
            throw CommandFailure("-o \(output): \(error)", status: .ioError)
        }
    }

    /// A path that exists and is not a regular file (a device, a FIFO): atomic replacement makes
    /// no sense there.
    private static func isSpecialFile(_ path: String) -> Bool {
        var status = stat()
        guard path != "-", stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) != S_IFREG
    }
}
