// Script markers that web shells hide in image data: `<?php` and `<script` (any case) and `<?=`
// followed by white space, `$` or a backtick (the bare three bytes occur by chance in large
// compressed images about once per 16 MiB; with the follower, about once per 2 GiB).

enum ScriptMarkerScan {
    /// The first marker and its offset, or nil.
    static func first(in bytes: ImageBytes) -> (String, Int)? {
        var position = 0
        while let lt = bytes.find(UInt8(ascii: "<"), from: position) {
            if lt + 1 < bytes.count {
                let next = bytes.base[lt + 1]
                if next == UInt8(ascii: "?") {
                    if matchesIgnoringCase("php", bytes, at: lt + 2) { return ("<?php", lt) }
                    if lt + 3 < bytes.count, bytes.base[lt + 2] == UInt8(ascii: "=") {
                        switch bytes.base[lt + 3] {
                        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "$"), UInt8(ascii: "`"): return ("<?=", lt)
                        default: break
                        }
                    }
                } else if next | 0x20 == UInt8(ascii: "s"), matchesIgnoringCase("script", bytes, at: lt + 1) {
                    return ("<script", lt)
                }
            }
            position = lt + 1
        }
        return nil
    }

    private static func matchesIgnoringCase(_ word: StaticString, _ bytes: ImageBytes, at offset: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.has(length, at: offset) else { return false }
        return word.withUTF8Buffer { letters in
            for index in 0..<length where bytes.base[offset + index] | 0x20 != letters[index] { return false }
            return true
        }
    }
}
