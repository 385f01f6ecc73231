// The last line of defence for HTML: text and attribute values escaped. The first line is a

import Foundation

// template engine or DOM API that escapes by context, shown beside it.

/// Escapes text for HTML element content or a quoted attribute value.
///
/// **This is the last line of defence.** The first is to never build HTML by concatenation: set
/// text through an API that cannot be markup (`textContent`, a template engine that escapes by
/// context, `NSAttributedString` instead of HTML in an app):
///
/// ```swift
/// // First: the value is never parsed as HTML.
/// label.text = comment                                   // UIKit
/// // Last: where HTML must be written by hand.
/// let html = "<p title=\"\(HTMLEscaping.attribute(title))\">\(HTMLEscaping.text(comment))</p>"
/// ```
///
/// Neither function makes text safe inside `<script>`, `<style>`, an unquoted attribute, or a URL
/// attribute (`href="javascript:…"` passes both): those contexts need their own rules.
public enum HTMLEscaping {
    /// `&`, `<`, `>` escaped (and `"`, `'`, so the result is also safe where an attribute was meant).
    public static func text(_ text: String) -> String {
        escape(text)
    }

    /// For a value inside double or single quotes: `&`, `<`, `>`, `"`, `'` escaped, and the control
    /// characters that browsers treat as attribute breakers (NUL) dropped.
    public static func attribute(_ text: String) -> String {
        escape(text.replacingOccurrences(of: "\0", with: ""))
    }

    private static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
