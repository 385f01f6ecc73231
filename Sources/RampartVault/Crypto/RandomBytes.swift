import Crypto
import Foundation

/// Random bytes from the system's CSPRNG (through swift-crypto's key generation).
enum RandomBytes {
    static func make(_ count: Int) -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }
}
