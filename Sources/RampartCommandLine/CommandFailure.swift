/// An error a subcommand reports to the user: a message that says what was wrong, where and what
/// to do, and the documented exit status.
package struct CommandFailure: Error, CustomStringConvertible {
    package var message: String
    package var status: ExitStatus

    package init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    package var description: String { message }
}
