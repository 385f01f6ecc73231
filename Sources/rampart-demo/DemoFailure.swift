/// Why `rampart-demo` stopped: a message for standard error and the exit status.
///
/// ```swift
/// throw DemoFailure("the relay answered 500", status: .ioError)
/// ```
struct DemoFailure: Error, CustomStringConvertible {
    var message: String
    var status: DemoExitStatus

    init(_ message: String, status: DemoExitStatus) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}
