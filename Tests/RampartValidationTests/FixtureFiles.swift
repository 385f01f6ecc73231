// Reads the committed fixtures (Fixtures/README.md says where each set came from).

import Foundation

enum FixtureFiles {
    static func url(_ path: String) throws -> URL {
        guard let base = Bundle.module.resourceURL else { throw FixtureMissing(path: path) }
        let url = base.appendingPathComponent("Fixtures").appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw FixtureMissing(path: path) }
        return url
    }

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: url(path))
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).sorted()
    }
}

struct FixtureMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "fixture \(path) is missing" }
}
