import Foundation
import RampartHTTP
import RampartIO

/// Where `rampart fetch` writes a body: standard output as it arrives, or a file that appears
/// only once the whole body was received (a failed or interrupted fetch leaves no partial file).
enum FetchOutput {
    /// The status line as curl shows it: `HTTP/2 200` (HTTP/2 has no reason phrase), or
    /// `HTTP/1.1 200 OK`.
    static func statusLine(_ response: HTTPResponse) -> String {
        response.connection.negotiatedProtocol == "h2"
            ? "HTTP/2 \(response.status)" : "HTTP/1.1 \(response.status) \(response.reason)"
    }

    /// Writes the body (after the status line and headers with `includeHead`); returns the body's size in bytes.
    @discardableResult
    static func write(_ response: HTTPResponse, to output: String?, force: Bool, includeHead: Bool) async throws
        -> Int
    {
        var bodyBytes = 0
        var head = Data()
        if includeHead {
            head = Data("\(statusLine(response))\r\n".utf8)
            for (name, value) in response.headers { head += Data("\(name): \(value)\r\n".utf8) }
            head += Data("\r\n".utf8)
        }
        guard let output, output != "-" else {
            // Standard output, written as the body arrives.
            if !head.isEmpty { try StandardOutput.write(head) }
            for try await slice in response.body {
                bodyBytes += slice.readableBytes
                try StandardOutput.write(Data(slice.readableBytesView))
            }
            return bodyBytes
        }
        // A FIFO or a device (/dev/null) is written into as the body arrives, never replaced;
        // a file appears only when complete (AtomicFileOutput's rules).
        let file: AtomicFileOutput
        do {
            file = try AtomicFileOutput(path: output, replacing: force, mode: 0o644)
        } catch {
            await response.body.discard()
            var hint = ""
            if error.code == .alreadyExists { hint = "; pass --force to replace it" }
            throw CommandFailure("-o \(output): cannot create the output: \(error)\(hint)", status: ExitStatus(error))
        }
        do {
            if !head.isEmpty { try file.write(head) }
            for try await slice in response.body {
                bodyBytes += slice.readableBytes
                try file.write(Data(slice.readableBytesView))
            }
            try file.commit()
            return bodyBytes
        } catch let error as HTTPClientError {
            file.discard()
            throw error
        } catch let error as IOError {
            file.discard()
            throw CommandFailure("-o \(output): I/O error: \(error)", status: ExitStatus(error))
        } catch {
            file.discard()
            throw CommandFailure("-o \(output): \(error)", status: .ioError)
        }
    }
}
