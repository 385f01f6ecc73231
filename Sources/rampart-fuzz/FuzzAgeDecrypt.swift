// Fuzzes a whole age decryption (`Age.decrypt`, binary or armored) with fixed X25519 and
// post-quantum (mlkem768x25519) identities (CCTV's) and a cheap passphrase identity, streamed in fuzzer-chosen slices and compared with the
// one-shot API.
import Foundation
import RampartIO
import RampartSeal

enum FuzzAgeDecrypt {
    static let target = FuzzTarget(
        name: "age-decrypt", maxLength: 32 * 1024,
        summary: "Age.decrypt with CCTV's X25519 and mlkem768x25519 identities (first byte chooses read slices)",
        run: run)

    /// The identity most CCTV vectors are encrypted to, and their passphrase with a low ceiling so
    /// a fuzzed work factor cannot make one input take seconds.
    static let identities: [any AgeIdentity] = {
        var identities: [any AgeIdentity] = [ScryptIdentity(passphrase: "password", maxWorkFactor: 10)]
        if let x25519 = try? X25519Identity(
            "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0")
        {
            identities.insert(x25519, at: 0)
        }
        if let hybrid = try? MLKEM768X25519Identity(
            "AGE-SECRET-KEY-PQ-1HZLGZUPT4ETPKDEV8HSGFDCYZ4E522W0A7PU2LHT8EH9W6YLNC3SW78XKG")
        {
            identities.insert(hybrid, at: 0)
        }
        return identities
    }()

    static func run(_ data: Data) {
        let name = target.name
        var source = SlicedSource(data)
        var sink = DataSink()
        let streamed: Data?
        do throws(SealError) {
            try Age.decrypt(from: &source, to: &sink, identities: identities)
            streamed = sink.data
        } catch {
            streamed = nil
        }
        let oneShot = try? Age.decrypt(data.dropFirst(), with: identities)
        FuzzCheck.require(streamed == oneShot, name, "streamed and one-shot decryption disagree")
        if streamed == nil {
            // What a failed stream released is authentic plaintext: a whole number of 64 KiB chunks.
            FuzzCheck.require(sink.data.count % (64 * 1024) == 0, name, "a failed decryption released a partial chunk")
        }
    }
}
