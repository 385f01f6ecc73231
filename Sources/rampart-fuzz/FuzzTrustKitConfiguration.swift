// Fuzzes TrustKit pinning configurations (`TrustKitConfiguration.pinnedHosts`, the file
// `rampart pin verify --pins` reads): plist (XML or binary) or JSON.
import Foundation
import RampartTrust

enum FuzzTrustKitConfiguration {
    static let target = FuzzTarget(
        name: "trustkit-config", maxLength: 8192,
        summary: "TrustKitConfiguration.pinnedHosts: TSKPinnedDomains as plist or JSON", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let first = try? TrustKitConfiguration.pinnedHosts(from: data, source: "fuzz")
        let again = try? TrustKitConfiguration.pinnedHosts(from: data, source: "fuzz")
        FuzzCheck.require(first == again, name, "reading the same bytes twice gave different hosts")
        for host in first ?? [] {
            FuzzCheck.require(!host.pins.isEmpty, name, "\(host.domain) was read with no pin")
            FuzzCheck.require(host.domain == host.domain.lowercased(), name, "\(host.domain) is not lowercase")
            FuzzCheck.require(host.covers(host.domain), name, "\(host.domain) does not cover itself")
        }
    }
}
