import Foundation
import X509

/// What a lab server presents for one ``LabScenario``, and the root a client should trust.
///
/// ```swift
/// let chain = try LabPKI.shared().chain(.good)
/// let files = try chain.export(to: folder)    // leaf.pem, chain.pem, key.pem, root.pem, leaf.der
/// ```
public struct LabChain: Sendable {
    /// The scenario this chain was issued for.
    public let scenario: LabScenario
    /// The leaf certificate and its key.
    public let leaf: LabIdentity
    /// The certificates the server sends after the leaf (intermediates), in order.
    public let intermediates: [Certificate]
    /// The root a client of the lab trusts (the lab root, except for ``LabScenario/rogue`` where
    /// it is the rogue root that signed the leaf — trust it to model a corporate proxy's CA).
    public let issuingRoot: Certificate

    /// The chain as a TLS server sends it: leaf first, then the intermediates.
    public var served: [Certificate] { [leaf.certificate] + intermediates }

    /// A chain made outside ``LabPKI/chain(_:)``, for names its scenarios do not cover (an IDN
    /// leaf, say); `scenario` names the one it stands in for.
    public init(scenario: LabScenario, leaf: LabIdentity, intermediates: [Certificate], issuingRoot: Certificate) {
        self.scenario = scenario
        self.leaf = leaf
        self.intermediates = intermediates
        self.issuingRoot = issuingRoot
    }

    /// Writes the chain as files that peers such as `openssl` read.
    ///
    /// - Returns: the paths written, all inside `folder`.
    public func export(to folder: URL) throws -> LabChainFiles {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = LabChainFiles(folder: folder)
        try Data(leaf.certificatePEM.utf8).write(to: files.leafPEM)
        try Data(leaf.certificateDER).write(to: files.leafDER)
        let chainPEM = try served.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n"
        try Data(chainPEM.utf8).write(to: files.chainPEM)
        try Data((try issuingRoot.serializeAsPEM().pemString + "\n").utf8).write(to: files.rootPEM)
        // The key is created 0600, never readable by others even for a moment.
        try? FileManager.default.removeItem(at: files.keyPEM)
        guard
            FileManager.default.createFile(
                atPath: files.keyPEM.path, contents: Data((try leaf.privateKeyPEM + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: files.keyPEM.path])
        }
        return files
    }
}

/// The file names ``LabChain/export(to:)`` writes.
public struct LabChainFiles: Sendable {
    /// The folder holding the files.
    public let folder: URL
    /// The leaf certificate, PEM.
    public var leafPEM: URL { folder.appendingPathComponent("leaf.pem") }
    /// The leaf certificate, DER.
    public var leafDER: URL { folder.appendingPathComponent("leaf.der") }
    /// Leaf then intermediates, PEM (what a server sends).
    public var chainPEM: URL { folder.appendingPathComponent("chain.pem") }
    /// The leaf's private key, PEM, mode 0600.
    public var keyPEM: URL { folder.appendingPathComponent("key.pem") }
    /// The root to trust, PEM.
    public var rootPEM: URL { folder.appendingPathComponent("root.pem") }
}
