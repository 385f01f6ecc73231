// A realistic ~1 MB API response (a page of issues with users, labels and text) and two sets of
// types for it: plain Decodable, and the same shape as JSON contracts with Bounded fields.

import Foundation
import RampartValidation

enum APIResponse {
    static func json(issues: Int) -> Data {
        var parts: [String] = []
        for i in 0..<issues {
            let labels = (0..<(i % 4)).map {
                #"{"id":\#(1000 + $0),"name":"label-\#($0)","color":"ededed","default":false}"#
            }
            parts.append(
                #"{"id":\#(500_000 + i),"number":\#(i),"title":"Crash when decoding a response with \#(i) items","state":"\#(i % 3 == 0 ? "closed" : "open")","locked":false,"comments":\#(i % 17),"created_at":"2026-11-23T10:00:00Z","updated_at":"2026-11-23T11:00:00Z","author_association":"CONTRIBUTOR","user":{"login":"user\#(i % 97)","id":\#(9000 + i % 97),"avatar_url":"https://avatars.example.com/u/\#(9000 + i % 97)?v=4","type":"User","site_admin":false},"labels":[\#(labels.joined(separator: ","))],"body":"Steps to reproduce: open the app, tap refresh, wait. Expected the list; got an empty screen and a log line saying the value at index \#(i) was out of range. Seen on iOS 17 and 18."}"#
            )
        }
        return Data(("[" + parts.joined(separator: ",") + "]").utf8)
    }

    struct PlainUser: Decodable {
        var login: String
        var id: Int
        var avatar_url: String
        var type: String
        var site_admin: Bool
    }

    struct PlainLabel: Decodable {
        var id: Int
        var name: String
        var color: String
        var `default`: Bool
    }

    struct PlainIssue: Decodable {
        var id: Int
        var number: Int
        var title: String
        var state: String
        var locked: Bool
        var comments: Int
        var created_at: String
        var updated_at: String
        var author_association: String
        var user: PlainUser
        var labels: [PlainLabel]
        var body: String
    }

    struct User: JSONContract {
        @Bounded(1...39) var login = ""
        @Bounded(1...Int.max) var id = 1
        @Bounded(1...2048, unit: .utf8Bytes) var avatar_url = ""
        var type = ""
        var site_admin = false
    }

    struct Label: JSONContract {
        var id = 0
        @Bounded(1...50) var name = ""
        @Bounded(6...6, unit: .utf8Bytes) var color = "000000"
        var `default` = false
    }

    struct Issue: JSONContract {
        var id = 0
        @Bounded(0...Int.max) var number = 0
        @Bounded(1...256) var title = ""
        var state = ""
        var locked = false
        @Bounded(0...100_000) var comments = 0
        var created_at = ""
        var updated_at = ""
        var author_association = ""
        var user = User()
        @Bounded(0...100) var labels: [Label] = []
        @Bounded(0...65536, unit: .utf8Bytes) var body = ""
    }
}
