import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `NginxServer` picks its ports free, then nginx binds them: a suite running beside may take one in
/// between. nginx must then start again on other ports, never hand the test someone else's server.
@Suite("nginx peer: ports taken between the pick and the bind", .timeLimit(.minutes(10)))
struct NginxServerPortTests {
    /// A listening socket on 127.0.0.1 (connections complete in the kernel's backlog, as with any
    /// server), closed by ``close()``.
    struct Listener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw POSIXError(.EBADF) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                        && getsockname(descriptor, address, &length) == 0
                }
            }
            guard bound else {
                Glibc.close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        func close() { Glibc.close(descriptor) }
    }

    @Test("Both ports taken by another process: nginx starts on fresh ones and answers itself")
    func takenPorts() async throws {
        let taken = (try Listener(), try Listener())
        defer {
            taken.0.close()
            taken.1.close()
        }
        let picks = Picks(first: (taken.0.port, taken.1.port))
        let configuration = NginxServerConfiguration(chain: try LabPKI.shared().chain(.good))
        try await LabLifecycle.using(
            try await NginxServer.start(configuration, ports: { try await picks.next() }), stop: { await $0.stop() }
        ) { nginx in
            #expect(nginx.tlsPort != taken.0.port && nginx.cleartextPort != taken.1.port)
            let clear = try await Curl.run(["--max-time", "5", nginx.httpURL + "/"])
            #expect(clear.output == "hello from nginx\n", "\(clear.errors)")
            #expect(nginx.isRunning)
        }
    }

    /// The taken ports first, then ports picked as `NginxServer` does.
    actor Picks {
        private var first: (Int, Int)?

        init(first: (Int, Int)) { self.first = first }

        func next() async throws -> (Int, Int) {
            if let ports = first {
                first = nil
                return ports
            }
            let fresh = (try Listener(), try Listener())
            defer {
                fresh.0.close()
                fresh.1.close()
            }
            return (fresh.0.port, fresh.1.port)
        }
    }
}
