/// An error a subcommand reports to the user: a message that says what was wrong, where and what
/// to do, and the documented exit status.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}
