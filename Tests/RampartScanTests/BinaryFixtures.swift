import Foundation

/// The committed binary fixtures (`Fixtures/binary/`, made by `make-fixtures.py`: Mach-O objects and
/// images, a provisioning profile, `.ipa` archives).
enum BinaryFixtures {
    static func url(_ name: String) throws -> URL {
        guard
            let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/binary")
        else { throw FixtureMissing(name: name) }
        return url
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try url(name)))
    }

    struct FixtureMissing: Error { var name: String }
}
