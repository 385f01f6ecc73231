// RampartValidation: input contracts. Never trust what the network or the user sends: check it as
// data, with the rule that failed named. Pure: Foundation and zlib's crc32, no networking.
//
// Entry points:
// - Contracts/: `ContractDecoder` (JSON from a peer: `JSONLimits` checked by a bounded pre-scan, then
//   `JSONDecoder`), `JSONContract` and `@Bounded` (a type's declaration is its contract),
//   `ContractViolation` (the rule and the key path, `items[3].name`).
// - Text/: `TextUnit` (grapheme clusters, Unicode scalars, UTF-8 bytes, UTF-16 code units) and
//   `TextLimit.allows(_:replacing:with:)` for a text field's "may this edit happen".
// - Email/: `EmailAddressValidator` with `EmailAddressPolicy.signUp` or `.rfc`; `EmailRule` names
//   the rule that failed.
// - Images/: `ImageInspector` (JPEG, PNG, GIF, WebP, HEIC/AVIF by structure) → `ImageReport` with
//   an `ImageVerdict`; `ImageLimits` caps pixels and bytes.
// - URLs/: `URLComponent.encode` per RFC 3986 component, `SafeURLBuilder`.
// - Sanitizing/: `SQLStringLiteral`, `ShellArgument`, `HTMLEscaping` (last lines of defence; the
//   first is shown beside each).
// - Messages/: `UserMessageCatalog` (server codes to predefined messages; server text never shown).
