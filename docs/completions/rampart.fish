function __rampart_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __rampart_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __rampart_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __rampart_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __rampart_parse_tokens -S
    set -l unparsed_tokens (__rampart_tokens -pc)
    switch $unparsed_tokens[1]
    case 'rampart'
        __rampart_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'ats'
            __rampart_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __rampart_parse_subcommand -r 2 'load=' 'strict' 'os=' 'format=' 'version' 'h/help'
            case 'explain'
                __rampart_parse_subcommand 2 'load=' 'os=' 'format=' 'version' 'h/help'
            case 'audit'
                __rampart_parse_subcommand -r 1 'format=' 'fail-on=' 'os=' 'version' 'h/help'
            case 'diagnose'
                __rampart_parse_subcommand 1 'ca=+' 'policy=' 'ct-log-list=+' 'timeout=' 'max-time=' 'format=' 'version' 'h/help'
            end
        case 'pin'
            __rampart_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __rampart_parse_subcommand -r 1 'server-name=' 'timeout=' 'format=' 'domain=' 'include-subdomains' 'version' 'h/help'
            case 'verify'
                __rampart_parse_subcommand 0 'policy=' 'pins=' 'connect=+' 'ca=+' 'warn-days=' 'timeout=' 'max-time=' 'format=' 'version' 'h/help'
            end
        case 'encrypt'
            __rampart_parse_subcommand 1 'format=' 'r/recipient=+' 'R/recipients-file=+' 'passphrase-file=' 'passphrase-env=' 'p/passphrase' 'work-factor=' 'a/armor' 'o/output=' 'force' 'version' 'h/help'
        case 'decrypt'
            __rampart_parse_subcommand 1 'format=' 'i/identity=+' 'passphrase-file=' 'passphrase-env=' 'p/passphrase' 'o/output=' 'force' 'version' 'h/help'
        case 'keygen'
            __rampart_parse_subcommand 1 'o/output=' 'y' 'pq' 'format=' 'version' 'h/help'
        case 'e2e'
            __rampart_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'keygen'
                __rampart_parse_subcommand 0 'o/output=' 'pq' 'nist' 'format=' 'version' 'h/help'
            case 'seal'
                __rampart_parse_subcommand 1 'r/recipient=+' 'R/recipients-file=+' 'from=' 'aes' 'o/output=' 'force' 'format=' 'version' 'h/help'
            case 'open'
                __rampart_parse_subcommand 1 'i/identity=' 'from=' 'o/output=' 'force' 'format=' 'version' 'h/help'
            case 'fingerprint'
                __rampart_parse_subcommand 2 'version' 'h/help'
            end
        case 'vault'
            __rampart_parse_subcommand 0 'path=' 'passphrase-file=' 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __rampart_parse_subcommand 0 'version' 'h/help'
            case 'set'
                __rampart_parse_subcommand 2 'app-password-file=' 'accessibility=' 'user-presence' 'label=' 'version' 'h/help'
            case 'get'
                __rampart_parse_subcommand 2 'app-password-file=' 'format=' 'include-value' 'version' 'h/help'
            case 'rm'
                __rampart_parse_subcommand 2 'version' 'h/help'
            case 'ls'
                __rampart_parse_subcommand 0 'service=' 'format=' 'version' 'h/help'
            case 'passwd'
                __rampart_parse_subcommand 0 'new-passphrase-file=' 'version' 'h/help'
            case 'export'
                __rampart_parse_subcommand 1 'backup-passphrase-file=' 'force' 'version' 'h/help'
            case 'import'
                __rampart_parse_subcommand 1 'backup-passphrase-file=' 'version' 'h/help'
            case 'import-key'
                __rampart_parse_subcommand 1 'tag=' 'label=' 'accessibility=' 'version' 'h/help'
            end
        case 'fetch'
            __rampart_parse_subcommand 1 'policy=' 'os=' 'pin=+' 'ca=' 'ca-only' 'X/request=' 'H/header=+' 'd/data=' 'max-upload-bytes=' 'o/output=' 'force' 'max-bytes=' 'max-redirects=' 'max-time=' 'connect-timeout=' 'proxy=' 'proxy-credentials-file=' 'fail' 'http1.1' 'http2' 'compressed' 'I/head' 'L/location' 'i/include' 'v/verbose' 'ct-log-list=+' 'ct-policy=' 'format=' 'cert=' 'key=' 'key-from-vault=' 'vault=' 'vault-passphrase-file=' 'version' 'h/help'
        case 'ct'
            __rampart_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __rampart_parse_subcommand 1 'issuer=' 'chain=' 'log-list=+' 'at=' 'policy=' 'max-list-age=' 'max-list-size=' 'timeout=' 'format=' 'version' 'h/help'
            end
        case 'validate'
            __rampart_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'email'
                __rampart_parse_subcommand -r 1 'rfc' 'no-unicode' 'format=' 'version' 'h/help'
            case 'image'
                __rampart_parse_subcommand -r 1 'max-pixels=' 'max-bytes=' 'format=' 'version' 'h/help'
            case 'json'
                __rampart_parse_subcommand 1 'max-bytes=' 'max-depth=' 'max-string-bytes=' 'max-elements=' 'max-number-characters=' 'allow-duplicate-keys' 'format=' 'version' 'h/help'
            end
        case 'scan'
            __rampart_parse_subcommand -r 1 'format=' 'o/output=' 'force' 'fail-on=' 'baseline=' 'write-baseline=' 'include-tests' 'include-dependencies' 'allow-incomplete' 'version' 'h/help'
        case 'help'
            __rampart_parse_subcommand -r 1 'version'
        end
    end
end

function __rampart_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __rampart_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __rampart_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __rampart_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__rampart_tokens -p)
    if test -z "$(__rampart_tokens -t)"
        set -l index (count (__rampart_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'rampart' -f
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'ats' -d 'Decide, explain and audit App Transport Security settings from an Info.plist.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'pin' -d 'Compute SPKI pins of certificates and servers, or verify an app\'s pins against its servers.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'encrypt' -d 'Encrypt a file to age recipients or a passphrase (age v1 or RNCryptor v3).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'decrypt' -d 'Decrypt an age or RNCryptor v3 file (the format is detected from its header).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'keygen' -d 'Generate an age identity file (like age-keygen), or print an identity\'s recipient.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'e2e' -d 'End-to-end encrypted messages between users (HPKE, age STREAM, signed senders).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'vault' -d 'Store passwords and keys in an encrypted, keychain-like vault.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'fetch' -d 'Fetch a URL with ATS, trust and pins enforced on every hop.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'ct' -d 'Certificate Transparency: check a certificate\'s SCTs against log lists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'validate' -d 'Check e-mail addresses, uploaded images and JSON documents as RampartValidation does.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'scan' -d 'Scan an iOS app (folders, source files, .ipa) for broken security practices, each with its fix.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart ats" -eq 1' -fa 'check' -d 'Say whether ATS allows each URL, and what it then requires.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart ats" -eq 1' -fa 'explain' -d 'Show which ATS entry applies to a URL, and why, step by step.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart ats" -eq 1' -fa 'audit' -d 'Audit ATS settings: weakenings, mistakes ATS silently ignores, and keys that do nothing.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart ats" -eq 1' -fa 'diagnose' -d 'Diagnose a live server against App Transport Security, as nscurl --ats-diagnostics does.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" load' -l 'load' -d 'Load kind: standard, media or web.' -rfka 'standard media web'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" strict' -l 'strict' -d 'Refuse (exit 65) a plist with values ATS ignores, instead of deciding without them.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" os' -l 'os' -d 'OS generation whose ATS rules apply: ios9, ios10 (iOS 10–16), ios17 (17.0–18.3: local hosts need NSAllowsLocalNetworking) or ios18.4 (18.4 and later: local hosts exempt unless it is NO).' -rfka 'ios9 ios10 ios17 ios18.4'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats explain" load' -l 'load' -d 'Load kind: standard, media or web.' -rfka 'standard media web'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats explain" os' -l 'os' -d 'OS generation whose ATS rules apply: ios9, ios10 (iOS 10–16), ios17 (17.0–18.3: local hosts need NSAllowsLocalNetworking) or ios18.4 (18.4 and later: local hosts exempt unless it is NO).' -rfka 'ios9 ios10 ios17 ios18.4'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats explain" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats explain" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats explain" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats audit" format' -l 'format' -d 'Output format: text, json or sarif.' -rfka 'text json sarif'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats audit" fail-on' -l 'fail-on' -d 'Exit 1 when any finding is at or above this severity: info, low, medium or high.' -rfka 'info low medium high'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats audit" os' -l 'os' -d 'OS generation whose ATS rules apply: ios9, ios10 (iOS 10–16), ios17 (17.0–18.3: local hosts need NSAllowsLocalNetworking) or ios18.4 (18.4 and later: local hosts exempt unless it is NO).' -rfka 'ios9 ios10 ios17 ios18.4'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats audit" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats audit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose"' -l 'ca' -d 'Extra trusted roots (PEM or DER), e.g. a corporate root; repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" policy' -l 'policy' -d 'The app\'s Info.plist (or ATS dictionary): its own configuration is tried first, pins included.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose"' -l 'ct-log-list' -d 'A CT log list (Chrome v3 or Apple v4 JSON); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" timeout' -l 'timeout' -d 'Seconds each configuration may take (connection, handshake, response head; above 0, at most 3600).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" max-time' -l 'max-time' -d 'Seconds the whole diagnosis may take (0.1…3600, default 60); past it, exit 74 naming what still ran.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ats diagnose" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart pin" -eq 1' -fa 'show' -d 'Compute SPKI pins (sha256/…) of certificates, or a ready NSPinnedDomains / TrustKit entry.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart pin" -eq 1' -fa 'verify' -d 'Check that each pinned domain\'s server matches its pins, has a backup pin, and is not about to expire.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" server-name' -l 'server-name' -d 'The TLS server name (SNI) to send to HOST:PORT (default: the host).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" timeout' -l 'timeout' -d 'Seconds to wait for HOST:PORT to accept the connection, and again for its TLS handshake (at most 3600).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" format' -l 'format' -d 'Output: text, json, plist (an NSPinnedDomains entry) or trustkit (a TSKPinnedDomains entry).' -rfka 'text json plist trustkit'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" domain' -l 'domain' -d 'The domain for plist/trustkit output (default: the leaf\'s first DNS name).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" include-subdomains' -l 'include-subdomains' -d 'Mark the plist/trustkit entry as including subdomains.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" policy' -l 'policy' -d 'An Info.plist (or ATS dictionary) whose NSPinnedDomains to check.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" pins' -l 'pins' -d 'A TrustKit configuration (plist or JSON) whose TSKPinnedDomains to check.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify"' -l 'connect' -d 'Connect DOMAIN (a pinned domain) to HOST:PORT instead of DOMAIN:443 (DOMAIN=HOST:PORT); once per domain, repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify"' -l 'ca' -d 'Extra trusted roots (PEM or DER); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" warn-days' -l 'warn-days' -d 'Fail when matched certificates expire within this many days (0…3650).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" timeout' -l 'timeout' -d 'Seconds to wait for each server (connection, then TLS handshake; above 0, at most 3600).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" max-time' -l 'max-time' -d 'Seconds the whole check may take (0.1…3600, default 120); domains not done by then are timed out.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart pin verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" format' -l 'format' -d 'The output format: age or rncryptor.' -rfka 'age rncryptor'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt"' -s 'r' -l 'recipient' -d 'An age recipient (age1… or age1pq1…); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt"' -s 'R' -l 'recipients-file' -d 'A file of age recipients; repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" passphrase-file' -l 'passphrase-file' -d 'Read the passphrase from the first line of FILE (printable text, at most 64 KiB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" passphrase-env' -l 'passphrase-env' -d 'Read the passphrase from the environment variable NAME.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" p passphrase' -s 'p' -l 'passphrase' -d 'Prompt for a passphrase on the terminal, without echo.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" work-factor' -l 'work-factor' -d 'age passphrase work factor, log2 of scrypt\'s N (10…22).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" a armor' -s 'a' -l 'armor' -d 'age: write PEM-style ASCII armor.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" o output' -s 'o' -l 'output' -d 'Write to OUT instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" force' -l 'force' -d 'Replace OUT if it exists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart encrypt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" format' -l 'format' -d 'Force the input format: age or rncryptor (default: detect).' -rfka 'age rncryptor'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt"' -s 'i' -l 'identity' -d 'An age identity file (0600; readable by group or others: a warning); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" passphrase-file' -l 'passphrase-file' -d 'Read the passphrase from the first line of FILE (printable text, at most 64 KiB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" passphrase-env' -l 'passphrase-env' -d 'Read the passphrase from the environment variable NAME.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" p passphrase' -s 'p' -l 'passphrase' -d 'Prompt for a passphrase on the terminal, without echo.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" o output' -s 'o' -l 'output' -d 'Write to OUT instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" force' -l 'force' -d 'Replace OUT if it exists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart decrypt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" o output' -s 'o' -l 'output' -d 'Write the identity to FILE (0600).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" y' -s 'y' -d 'Print the recipients of the identity file INPUT.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" pq' -l 'pq' -d 'A post-quantum hybrid identity (ML-KEM-768 + X25519, age1pq1…).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" format' -l 'format' -d 'text, or json: the identity file and its recipients (with -o or -y; never the identity).' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart keygen" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart e2e" -eq 1' -fa 'keygen' -d 'Generate an end-to-end identity file (0600) and print its public key.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart e2e" -eq 1' -fa 'seal' -d 'Seal a message to public keys (anonymous, or signed with --from).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart e2e" -eq 1' -fa 'open' -d 'Open a message with your identity (and check its sender with --from).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart e2e" -eq 1' -fa 'fingerprint' -d 'Print the safety number of two public keys (compare it out of band).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" o output' -s 'o' -l 'output' -d 'The identity file to create (0600).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" pq' -l 'pq' -d 'A post-quantum hybrid identity (X-Wing ML-KEM-768 + X25519, ML-DSA-65).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" nist' -l 'nist' -d 'A P-256 identity.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" format' -l 'format' -d 'text, or json: the identity file, its public key and kind (never the identity).' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e keygen" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal"' -s 'r' -l 'recipient' -d 'A recipient\'s public key; repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal"' -s 'R' -l 'recipients-file' -d 'A file of public keys, one per line; repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" from' -l 'from' -d 'Sign with the identity in FILE (the recipients see who sent it; 0600: readable by others warns).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" aes' -l 'aes' -d 'Wrap the file key with AES-256-GCM instead of ChaCha20-Poly1305 (classic keys).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" o output' -s 'o' -l 'output' -d 'Write to OUT instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" force' -l 'force' -d 'Replace OUT if it exists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" format' -l 'format' -d 'text, or json: a report of what was sealed and the sizes on standard output (needs -o FILE).' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e seal" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" i identity' -s 'i' -l 'identity' -d 'Your identity file (0600; readable by group or others: a warning).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" from' -l 'from' -d 'The sender\'s public key: refuse a message not signed by it.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" o output' -s 'o' -l 'output' -d 'Write to OUT instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" force' -l 'force' -d 'Replace OUT if it exists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" format' -l 'format' -d 'text, or json: a report of the sizes and the sender on standard output (needs -o FILE).' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e open" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e fingerprint" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart e2e fingerprint" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault" path' -l 'path' -d 'The vault file (default: $XDG_DATA_HOME/rampart/vault.sqlite or ~/.local/share/rampart/vault.sqlite).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault" passphrase-file' -l 'passphrase-file' -d 'Read the vault passphrase from the first line of FILE (default: $RAMPART_VAULT_PASSPHRASE_FILE, else prompt).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'init' -d 'Create a vault (0600; its device key goes to $XDG_STATE_HOME/rampart/device-keys).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'set' -d 'Store standard input as the value of SERVICE/ACCOUNT (replacing it if present).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'get' -d 'Write the value of SERVICE/ACCOUNT to standard output, with a newline.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'rm' -d 'Delete SERVICE/ACCOUNT.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'ls' -d 'List items as SERVICE<TAB>ACCOUNT<TAB>ACCESSIBILITY lines, sorted; no values.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'passwd' -d 'Change the vault passphrase.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'export' -d 'Write an encrypted backup (age, passphrase) of all items except ThisDeviceOnly ones to FILE.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'import' -d 'Store every item of a backup FILE in the vault (replacing same items).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart vault" -eq 1' -fa 'import-key' -d 'Store a PEM private key (P-256, P-384 or RSA) as a key item under an application tag.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault init" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" app-password-file' -l 'app-password-file' -d 'The item\'s application password, from the first line of FILE.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" accessibility' -l 'accessibility' -d 'whenUnlocked, afterFirstUnlock, whenUnlockedThisDeviceOnly or afterFirstUnlockThisDeviceOnly.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" user-presence' -l 'user-presence' -d 'Ask for the vault passphrase again before each read.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" label' -l 'label' -d 'A label for the item.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault get" app-password-file' -l 'app-password-file' -d 'The item\'s application password, from the first line of FILE.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault get" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault get" include-value' -l 'include-value' -d 'With --format json: put the value in the report too.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault get" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault rm" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault rm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault ls" service' -l 'service' -d 'Only items of this service.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault ls" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault ls" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault ls" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault passwd" new-passphrase-file' -l 'new-passphrase-file' -d 'Read the new passphrase from FILE (default: prompt twice).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault passwd" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault passwd" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault export" backup-passphrase-file' -l 'backup-passphrase-file' -d 'The backup\'s passphrase, from FILE (default: the vault passphrase).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault export" force' -l 'force' -d 'Replace FILE if it exists (the new backup is complete on disk before it replaces the old one).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault export" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import" backup-passphrase-file' -l 'backup-passphrase-file' -d 'The backup\'s passphrase, from FILE (default: the vault passphrase).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import-key" tag' -l 'tag' -d 'The item\'s application tag (what fetch --key-from-vault names).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import-key" label' -l 'label' -d 'A label for the item (part of its name with the tag).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import-key" accessibility' -l 'accessibility' -d 'whenUnlocked, afterFirstUnlock, whenUnlockedThisDeviceOnly or afterFirstUnlockThisDeviceOnly.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import-key" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart vault import-key" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" policy' -l 'policy' -d 'An Info.plist (XML or binary) whose NSAppTransportSecurity policy applies.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" os' -l 'os' -d 'OS generation whose ATS rules apply: ios9, ios10, ios17 or ios18.4. The default, ios17, applies ATS to local hosts too (as the library\'s client does); ios18.4 exempts them, as iOS does today.' -rfka 'ios9 ios10 ios17 ios18.4'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch"' -l 'pin' -d 'An SPKI pin (sha256/BASE64) for the URL\'s host; repeat for backups.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" ca' -l 'ca' -d 'A PEM or DER file of extra trusted root certificates.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" ca-only' -l 'ca-only' -d 'Trust only the --ca roots, not the system\'s.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" X request' -s 'X' -l 'request' -d 'The request method (default GET, or POST with -d).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch"' -s 'H' -l 'header' -d 'A request header, \'Name: value\', or @FILE with one header a line (for secrets); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" d data' -s 'd' -l 'data' -d 'The request body: text, @FILE, or @- for standard input (streamed, chunked).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" max-upload-bytes' -l 'max-upload-bytes' -d 'The most bytes a body of unknown length (-d @-, a pipe) may send (0…1099511627776, default 100 MiB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" o output' -s 'o' -l 'output' -d 'Write the body to this file instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" force' -l 'force' -d 'Replace the -o file if it exists.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" max-bytes' -l 'max-bytes' -d 'The most response body bytes to accept (0…1099511627776, default 100 MiB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" max-redirects' -l 'max-redirects' -d 'The most redirects to follow (0…50, default 10; 0 follows none).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" max-time' -l 'max-time' -d 'Seconds the whole exchange may take (above 0, at most 1000000; default 300).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" connect-timeout' -l 'connect-timeout' -d 'Seconds to open the connection and finish the TLS handshake (above 0, at most 1000000; default 10).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" proxy' -l 'proxy' -d 'A proxy URL (http://host:port) instead of the environment\'s.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" proxy-credentials-file' -l 'proxy-credentials-file' -d 'A file whose first line is the proxy\'s \'user:password\' (kept off the command line).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" fail' -l 'fail' -d 'Exit 22 without writing the body when the HTTP status is 400 or above.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" http1.1' -l 'http1.1' -d 'Speak HTTP/1.1 only (offer only http/1.1 by ALPN).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" http2' -l 'http2' -d 'Speak HTTP/2 only (offer only h2 by ALPN); fails when the server does not select h2.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" compressed' -l 'compressed' -d 'Ask for a compressed response (Accept-Encoding: gzip, deflate) and decode it, bounded by --max-bytes on the decoded bytes and a 100:1 expansion ratio (a decompression bomb fails with exit 74). A gzip or deflate response to your own -H \'Accept-Encoding: …\' is decoded too.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" I head' -s 'I' -l 'head' -d 'Send a HEAD request and print the response status line and headers (no body).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" L location' -s 'L' -l 'location' -d 'Accepted for curl\'s habit: redirects are always followed (up to --max-redirects, each hop checked).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" i include' -s 'i' -l 'include' -d 'Print the response status line and headers before the body.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" v verbose' -s 'v' -l 'verbose' -d 'Print each decision and the TLS details on standard error.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch"' -l 'ct-log-list' -d 'A CT log list (Chrome v3 or Apple v4 JSON); repeatable. Certificate Transparency is then enforced as Apple does.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" ct-policy' -l 'ct-policy' -d 'The CT policy with --ct-log-list: apple or chrome.' -rfka 'apple chrome'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" format' -l 'format' -d 'text, or json: the exchange (what -v shows: ATS, connection, trust, redirects, status, headers) as one JSON object on standard output; the body then goes to -o FILE.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" cert' -l 'cert' -d 'A client certificate (PEM: the client\'s certificate first, then intermediates), presented only to the URL\'s origin when the server asks for one. The key comes from --key, --key-from-vault, or this file.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" key' -l 'key' -d 'The client certificate\'s private key (PEM: PKCS#8, SEC1 or PKCS#1; P-256, P-384 or RSA; not encrypted).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" key-from-vault' -l 'key-from-vault' -d 'Take the client certificate\'s private key from the vault key item with this application tag.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" vault' -l 'vault' -d 'The vault for --key-from-vault (default: the vault commands\' default path).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" vault-passphrase-file' -l 'vault-passphrase-file' -d 'The vault passphrase for --key-from-vault, from the first line of FILE (default: $RAMPART_VAULT_PASSPHRASE_FILE, else a prompt).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart ct" -eq 1' -fa 'check' -d 'Check a certificate\'s SCTs against CT log lists and Apple\'s or Chrome\'s CT policy.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" issuer' -l 'issuer' -d 'The leaf\'s issuer (PEM or DER), when the file holds only the leaf.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" chain' -l 'chain' -d 'A chain file (PEM): the issuer is its first certificate that is not the leaf.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check"' -l 'log-list' -d 'A CT log list (Chrome v3 or Apple v4 JSON; a file, a pipe or - for stdin); repeatable.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" at' -l 'at' -d 'The time to check at, RFC 3339, such as 2026-11-01T12:00:00Z (default: now).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" policy' -l 'policy' -d 'The policy: apple or chrome.' -rfka 'apple chrome'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" max-list-age' -l 'max-list-age' -d 'Days a log list may be old before it is reported as stale, 1…36500 (default 60, as Apple).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" max-list-size' -l 'max-list-size' -d 'The largest log list read, in bytes, 1…1073741824 (default 8388608, 8 MiB; real lists are about 100 KB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" timeout' -l 'timeout' -d 'Seconds to wait for HOST:PORT (connection, then TLS handshake), 0.1…3600.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart ct check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart validate" -eq 1' -fa 'email' -d 'Check e-mail addresses: the sign-up policy by default, RFC 5321 with --rfc.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart validate" -eq 1' -fa 'image' -d 'Check that files are well-formed JPEG, PNG, GIF, WebP, HEIC or AVIF images with nothing appended.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_positional "rampart validate" -eq 1' -fa 'json' -d 'Check a JSON document against size, depth, string, element and number limits.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate email" rfc' -l 'rfc' -d 'Accept any RFC 5321 Mailbox (quoted local parts, address literals).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate email" no-unicode' -l 'no-unicode' -d 'Refuse UTF-8 beyond ASCII (RFC 6531 addresses).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate email" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate email" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate email" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate image" max-pixels' -l 'max-pixels' -d 'The most pixels (width × height) accepted (1…1000000000000, default 100000000: 100 megapixels).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate image" max-bytes' -l 'max-bytes' -d 'The most bytes accepted (1…1099511627776); larger files are refused unread.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate image" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate image" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate image" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" max-bytes' -l 'max-bytes' -d 'The most bytes in the document (1…4294967296, default 4 MiB).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" max-depth' -l 'max-depth' -d 'The deepest nesting of arrays and objects (1…512, default 32; 512 is the JSON parser\'s own limit).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" max-string-bytes' -l 'max-string-bytes' -d 'The most bytes in one string or key (1…4294967296, default 65536).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" max-elements' -l 'max-elements' -d 'The most elements in one array or members in one object (1…4294967296, default 100000).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" max-number-characters' -l 'max-number-characters' -d 'The most characters in one number (1…65536, default 32).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" allow-duplicate-keys' -l 'allow-duplicate-keys' -d 'Accept a key given twice in one object (refused by default: parsers disagree on which value wins).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart validate json" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" format' -l 'format' -d 'Output format: text, json, sarif or html.' -rfka 'text json sarif html'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" o output' -s 'o' -l 'output' -d 'Write the report to FILE (replaced only once complete) instead of standard output.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" force' -l 'force' -d 'Replace the -o or --write-baseline file if it exists (never a file the scan reads).'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" fail-on' -l 'fail-on' -d 'Exit 1 when any finding is at or above this severity: info, low, medium or high.' -rfka 'info low medium high'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" baseline' -l 'baseline' -d 'Hide the findings this baseline file holds.' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" write-baseline' -l 'write-baseline' -d 'Write every finding of this scan to FILE as a baseline (before --baseline hides any).' -rfka ''
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" include-tests' -l 'include-tests' -d 'Keep findings in test code.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" include-dependencies' -l 'include-dependencies' -d 'Scan Pods and Carthage (third-party code) too.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" allow-incomplete' -l 'allow-incomplete' -d 'Exit 0 or 1 by the findings alone when the report lists problems (files not analysed, or only partly), instead of 3.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" version' -l 'version' -d 'Show the version.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart scan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'rampart' -n '__rampart_should_offer_completions_for_flags_or_options "rampart help" version' -l 'version' -d 'Show the version.'
