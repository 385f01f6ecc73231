import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import X509

/// What every connection of one proxy shares.
struct LabProxySettings: Sendable {
    var mode: LabProxyMode
    var tls: LabProxyTLS
    /// The exact `Proxy-Authorization` value required, if any.
    var expectedAuthorization: String?
}
