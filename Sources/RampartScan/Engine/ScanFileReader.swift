import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file for the scan within a size limit, through RampartIO (the package's one reader of descriptors):
/// a missing, unreadable or too large file is an outcome to report, never a crash or an unbounded read.
struct ScanFileReader {
    enum Outcome: Sendable, Equatable {
        case contents([UInt8])
        case missing
        case tooLarge(Int)
        case unreadable(String)
    }

    /// The whole file at `path` when it holds at most `limit` bytes.
    static func readWhole(_ path: String, limit: Int) -> Outcome {
        let descriptor: Int32
        do {
            descriptor = try FileDescriptorIO.openForReading(path)
        } catch {
            if error.code == .notFound { return .missing }
            return .unreadable(error.reason ?? error.description)
        }
        defer { close(descriptor) }
        return readRest(descriptor, path: path, limit: limit, after: [])
    }

    /// The first `count` bytes of an open file (fewer at its end), or the reason it cannot be read.
    static func readPrefix(_ descriptor: Int32, path: String, count: Int) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        while bytes.count < count {
            do {
                let chunk = try FileDescriptorIO.read(descriptor, name: path, upTo: count - bytes.count)
                if chunk.isEmpty { break }
                bytes += chunk
            } catch {
                return .failure(ReadFailure(reason: error.reason ?? error.description))
            }
        }
        return .success(bytes)
    }

    struct ReadFailure: Error { var reason: String }

    /// `prefix` followed by the rest of the open file, when the whole is at most `limit` bytes.
    static func readRest(_ descriptor: Int32, path: String, limit: Int, after prefix: [UInt8]) -> Outcome {
        var info = stat()
        if fstat(descriptor, &info) == 0 && Int(info.st_size) > limit { return .tooLarge(Int(info.st_size)) }
        var bytes = prefix
        bytes.reserveCapacity(min(limit, max(Int(info.st_size), 0)) + 1)
        while true {
            let data: Data
            do {
                // One byte past the limit tells a file that grew while it was read from one that fits.
                data = try FileDescriptorIO.read(descriptor, name: path, upTo: min(1 << 20, limit + 1 - bytes.count))
            } catch {
                return .unreadable(error.reason ?? error.description)
            }
            if data.isEmpty { return .contents(bytes) }
            bytes += data
            if bytes.count > limit { return .tooLarge(bytes.count) }
        }
    }
}
