/// The `withServer`/`withProxy` pattern of every lab peer: run a body with a started resource and
/// stop the resource afterwards, whether the body returns or throws (a failed stop after a
/// thrown body never hides the body's error).
///
/// ```swift
/// let server = try await start(configuration)
/// return try await LabLifecycle.using(server, stop: { try await $0.stop() }, body)
/// ```
package enum LabLifecycle {
    package static func using<Resource: Sendable, Result: Sendable>(
        _ resource: Resource, stop: (Resource) async throws -> Void, _ body: (Resource) async throws -> Result
    ) async throws -> Result {
        let result: Result
        do {
            result = try await body(resource)
        } catch {
            try? await stop(resource)
            throw error
        }
        try await stop(resource)
        return result
    }
}
