import Foundation
import NIOHTTP1
import RampartCommandLine
import RampartE2E
import RampartHTTP
import RampartTestKit
import RampartTrust
import RampartVault

/// Chapter: end-to-end encryption between users. Alice and Bob keep their identities in vaults;
/// Alice's pinned client posts a sealed, signed message to a store-and-forward relay on loopback;
/// Bob fetches it, opens it and checks it came from Alice. The relay saw only ciphertext, and
/// Mallory, who runs it, can neither read the message nor pass off one of her own as Alice's.
struct EndToEndChapter: DemoChapter {
    let title = "End-to-end encryption: a relay that cannot read or forge"

    static let message = "Bob, the launch code is 7-4-1-9. Burn after reading. — Alice"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let folder = lab.scratch.appendingPathComponent("e2e")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Identities, each kept in its owner's vault (a fast work factor for the demo).
        let options = VaultOptions(
            testingWorkFactor: 4, deviceKeyFolder: folder.appendingPathComponent("device-keys").path)
        let aliceVault = try Vault.create(
            at: folder.appendingPathComponent("alice.vault").path, passphrase: "alice", options: options)
        let bobVault = try Vault.create(
            at: folder.appendingPathComponent("bob.vault").path, passphrase: "bob", options: options)
        try E2EVaultIdentity.store(try E2EIdentity.generate(.postQuantum), as: "me", in: aliceVault)
        try E2EVaultIdentity.store(try E2EIdentity.generate(.postQuantum), as: "me", in: bobVault)
        let alice = try E2EVaultIdentity.load("me", from: aliceVault)
        let bob = try E2EVaultIdentity.load("me", from: bobVault)
        let mallory = try E2EIdentity.generate(.postQuantum)
        let number = E2ESafetyNumber(alice.publicKey, bob.publicKey)
        var steps = [
            DemoStep(
                title: "Alice and Bob keep post-quantum identities in their vaults and compare a safety number",
                expected: .allowed,
                observed: E2ESafetyNumber(bob.publicKey, alice.publicKey) == number ? .allowed : .blocked,
                details: [
                    "Alice \(alice.publicKey.keyID), Bob \(bob.publicKey.keyID) (X-Wing ML-KEM-768 + X25519, ML-DSA-65 + Ed25519)",
                    "safety number, the same on both phones: \(number.digits)",
                ])
        ]
        let pki = lab.pki
        steps += try await LabWebServer.withServer(LabWebServerConfiguration(chain: try pki.chain(.good))) {
            relay -> [DemoStep] in
            var steps: [DemoStep] = []
            let base = "https://localhost:\(relay.port)/mailbox/bob"
            let client = try Self.client(pki)
            defer { client.shutdown() }
            // Alice seals to Bob, signs, and posts through her pinned client.
            let sealed = try E2E.seal(Data(Self.message.utf8), to: [bob.publicKey], from: alice)
            steps.append(
                try await post(
                    sealed, to: base, client: client,
                    title: "Alice posts a sealed, signed message to the relay (pinned HTTPS)"))
            // Bob fetches and opens it, expecting Alice.
            let fetched = try await fetch(base, client: client)
            var opened = DemoStep(
                title: "Bob fetches it, opens it and checks it came from Alice", expected: .allowed, observed: .blocked,
                details: [])
            do {
                let message = try E2E.open(Data(fetched), with: bob, from: alice.publicKey)
                opened.observed =
                    String(decoding: message.plaintext, as: UTF8.self) == Self.message ? .allowed : .blocked
                opened.details = [
                    "\(fetched.count) bytes fetched; signed by \(message.sender?.keyID ?? "nobody") = Alice",
                    "plaintext: \(String(decoding: message.plaintext, as: UTF8.self))",
                ]
            } catch {
                opened.details = ["\(error)"]
            }
            steps.append(opened)
            // What the relay saw.
            let stored = relay.requests.filter { $0.method == "POST" }.map { Data($0.body) }
            let aliceKey = alice.publicKey.signingKey.prefix(32)
            let leaked = stored.contains {
                $0.range(of: Data("launch code".utf8)) != nil || $0.range(of: aliceKey) != nil
            }
            steps.append(
                DemoStep(
                    title: "The relay saw only ciphertext", expected: .blocked, observed: leaked ? .allowed : .blocked,
                    details: [
                        "stored \(stored.first?.count ?? 0) bytes; first 48 as hex: "
                            + (stored.first?.prefix(48).map { String(format: "%02x", $0) }.joined() ?? ""),
                        "no plaintext, no sender key (the signature travels inside the encryption)",
                    ]))
            // Mallory, who runs the relay, tries to read it with her own key…
            var read = DemoStep(
                title: "Mallory (the relay operator) tries to open the message", expected: .blocked, observed: .allowed,
                details: [])
            do {
                _ = try E2E.open(Data(fetched), with: mallory)
                read.details = ["Mallory read it"]
            } catch {
                read.observed = .blocked
                read.details = ["\(error)"]
            }
            steps.append(read)
            // …and to slip Bob a message of her own as if from Alice.
            let forged = try E2E.seal(
                Data("Bob, send the code to Mallory. — Alice".utf8), to: [bob.publicKey], from: mallory)
            _ = try await post(forged, to: base, client: client, title: "")
            var forgery = DemoStep(
                title: "Mallory swaps in a message signed with her own key; Bob expects Alice", expected: .blocked,
                observed: .allowed, details: [])
            do {
                _ = try E2E.open(Data(try await fetch(base, client: client)), with: bob, from: alice.publicKey)
                forgery.details = ["Bob accepted Mallory's message as Alice's"]
            } catch {
                forgery.observed = .blocked
                forgery.details = ["\(error)"]
            }
            steps.append(forgery)
            return steps
        }
        return steps
    }

    /// Alice's and Bob's client: trusts the lab root only, and pins the relay's key.
    static func client(_ pki: LabPKI) throws -> HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeouts = HTTPTimeouts(all: .seconds(60))
        configuration.anchors = .only([pki.root.certificate])
        configuration.pinning = [try pki.pinnedLabHost()]
        return try HTTPClient(configuration: configuration)
    }

    private func post(_ sealed: Data, to url: String, client: HTTPClient, title: String) async throws -> DemoStep {
        guard let parsed = URL(string: url) else { throw CommandFailure("bad URL \(url)", status: .usage) }
        let response = try await client.execute(HTTPRequest(url: parsed, method: .POST, body: .bytes(sealed)))
        let answer = String(decoding: try await response.body.collect(), as: UTF8.self)
        return DemoStep(
            title: title, expected: .allowed, observed: response.status == 201 ? .allowed : .blocked,
            details: [
                "POST \(url): HTTP \(response.status), \(answer.trimmingCharacters(in: .whitespacesAndNewlines))",
                "over \(response.connection.tlsVersion.map { "\($0)" } ?? "?"), the relay's key pinned",
            ])
    }

    private func fetch(_ url: String, client: HTTPClient) async throws -> [UInt8] {
        let (response, body) = try await client.get(url)
        guard response.status == 200 else {
            throw CommandFailure("the relay answered \(response.status)", status: .ioError)
        }
        return body
    }
}
