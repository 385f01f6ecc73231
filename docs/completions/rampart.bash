#!/bin/bash

__rampart_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__rampart_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__rampart_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__rampart_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_rampart() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    ats|pin|encrypt|decrypt|keygen|e2e|vault|fetch|ct|validate|scan|help)
        # Offer subcommand argument completions
        "_rampart_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'ats pin encrypt decrypt keygen e2e vault fetch ct validate scan help' -- "${cur}"))
        ;;
    esac
}

_rampart_ats() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check|explain|audit|diagnose)
        # Offer subcommand argument completions
        "_rampart_ats_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check explain audit diagnose' -- "${cur}"))
        ;;
    esac
}

_rampart_ats_check() {
    repeating_flags=()
    non_repeating_flags=(--strict --version -h --help)
    repeating_options=()
    non_repeating_options=(--load --os --format)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--load')
        __rampart_add_completions -W 'standard'$'\n''media'$'\n''web'
        return
        ;;
    '--os')
        __rampart_add_completions -W 'ios9'$'\n''ios10'$'\n''ios17'$'\n''ios18.4'
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_ats_explain() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--load --os --format)
    __rampart_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--load')
        __rampart_add_completions -W 'standard'$'\n''media'$'\n''web'
        return
        ;;
    '--os')
        __rampart_add_completions -W 'ios9'$'\n''ios10'$'\n''ios17'$'\n''ios18.4'
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_ats_audit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--format --fail-on --os)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'$'\n''sarif'
        return
        ;;
    '--fail-on')
        __rampart_add_completions -W 'info'$'\n''low'$'\n''medium'$'\n''high'
        return
        ;;
    '--os')
        __rampart_add_completions -W 'ios9'$'\n''ios10'$'\n''ios17'$'\n''ios18.4'
        return
        ;;
    esac
}

_rampart_ats_diagnose() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca --ct-log-list)
    non_repeating_options=(--policy --timeout --max-time --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--ca')
        return
        ;;
    '--policy')
        return
        ;;
    '--ct-log-list')
        return
        ;;
    '--timeout')
        return
        ;;
    '--max-time')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_pin() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|verify)
        # Offer subcommand argument completions
        "_rampart_pin_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show verify' -- "${cur}"))
        ;;
    esac
}

_rampart_pin_show() {
    repeating_flags=()
    non_repeating_flags=(--include-subdomains --version -h --help)
    repeating_options=()
    non_repeating_options=(--server-name --timeout --format --domain)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--server-name')
        return
        ;;
    '--timeout')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'$'\n''plist'$'\n''trustkit'
        return
        ;;
    '--domain')
        return
        ;;
    esac
}

_rampart_pin_verify() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--connect --ca)
    non_repeating_options=(--policy --pins --warn-days --timeout --max-time --format)
    __rampart_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--policy')
        return
        ;;
    '--pins')
        return
        ;;
    '--connect')
        return
        ;;
    '--ca')
        return
        ;;
    '--warn-days')
        return
        ;;
    '--timeout')
        return
        ;;
    '--max-time')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_encrypt() {
    repeating_flags=()
    non_repeating_flags=(-p --passphrase -a --armor --force --version -h --help)
    repeating_options=(-r --recipient -R --recipients-file)
    non_repeating_options=(--format --passphrase-file --passphrase-env --work-factor -o --output)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __rampart_add_completions -W 'age'$'\n''rncryptor'
        return
        ;;
    '-r'|'--recipient')
        return
        ;;
    '-R'|'--recipients-file')
        return
        ;;
    '--passphrase-file')
        return
        ;;
    '--passphrase-env')
        return
        ;;
    '--work-factor')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    esac
}

_rampart_decrypt() {
    repeating_flags=()
    non_repeating_flags=(-p --passphrase --force --version -h --help)
    repeating_options=(-i --identity)
    non_repeating_options=(--format --passphrase-file --passphrase-env -o --output)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __rampart_add_completions -W 'age'$'\n''rncryptor'
        return
        ;;
    '-i'|'--identity')
        return
        ;;
    '--passphrase-file')
        return
        ;;
    '--passphrase-env')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    esac
}

_rampart_keygen() {
    repeating_flags=()
    non_repeating_flags=(-y --pq --version -h --help)
    repeating_options=()
    non_repeating_options=(-o --output --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '-o'|'--output')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_e2e() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    keygen|seal|open|fingerprint)
        # Offer subcommand argument completions
        "_rampart_e2e_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'keygen seal open fingerprint' -- "${cur}"))
        ;;
    esac
}

_rampart_e2e_keygen() {
    repeating_flags=()
    non_repeating_flags=(--pq --nist --version -h --help)
    repeating_options=()
    non_repeating_options=(-o --output --format)
    __rampart_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '-o'|'--output')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_e2e_seal() {
    repeating_flags=()
    non_repeating_flags=(--aes --force --version -h --help)
    repeating_options=(-r --recipient -R --recipients-file)
    non_repeating_options=(--from -o --output --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '-r'|'--recipient')
        return
        ;;
    '-R'|'--recipients-file')
        return
        ;;
    '--from')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_e2e_open() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(-i --identity --from -o --output --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '-i'|'--identity')
        return
        ;;
    '--from')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_e2e_fingerprint() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 2
}

_rampart_vault() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--path --passphrase-file)
    __rampart_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--path')
        return
        ;;
    '--passphrase-file')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|set|get|rm|ls|passwd|export|import|import-key)
        # Offer subcommand argument completions
        "_rampart_vault_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init set get rm ls passwd export import import-key' -- "${cur}"))
        ;;
    esac
}

_rampart_vault_init() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0
}

_rampart_vault_set() {
    repeating_flags=()
    non_repeating_flags=(--user-presence --version -h --help)
    repeating_options=()
    non_repeating_options=(--app-password-file --accessibility --label)
    __rampart_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--app-password-file')
        return
        ;;
    '--accessibility')
        return
        ;;
    '--label')
        return
        ;;
    esac
}

_rampart_vault_get() {
    repeating_flags=()
    non_repeating_flags=(--include-value --version -h --help)
    repeating_options=()
    non_repeating_options=(--app-password-file --format)
    __rampart_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--app-password-file')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_vault_rm() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 2
}

_rampart_vault_ls() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--service --format)
    __rampart_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--service')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_vault_passwd() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--new-passphrase-file)
    __rampart_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--new-passphrase-file')
        return
        ;;
    esac
}

_rampart_vault_export() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--backup-passphrase-file)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--backup-passphrase-file')
        return
        ;;
    esac
}

_rampart_vault_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--backup-passphrase-file)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--backup-passphrase-file')
        return
        ;;
    esac
}

_rampart_vault_import-key() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--tag --label --accessibility)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--tag')
        return
        ;;
    '--label')
        return
        ;;
    '--accessibility')
        return
        ;;
    esac
}

_rampart_fetch() {
    repeating_flags=()
    non_repeating_flags=(--ca-only --force --fail --http1.1 --http2 --compressed -I --head -L --location -i --include -v --verbose --version -h --help)
    repeating_options=(--pin -H --header --ct-log-list)
    non_repeating_options=(--policy --os --ca -X --request -d --data --max-upload-bytes -o --output --max-bytes --max-redirects --max-time --connect-timeout --proxy --proxy-credentials-file --ct-policy --format --cert --key --key-from-vault --vault --vault-passphrase-file)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--policy')
        return
        ;;
    '--os')
        __rampart_add_completions -W 'ios9'$'\n''ios10'$'\n''ios17'$'\n''ios18.4'
        return
        ;;
    '--pin')
        return
        ;;
    '--ca')
        return
        ;;
    '-X'|'--request')
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '-d'|'--data')
        return
        ;;
    '--max-upload-bytes')
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--max-redirects')
        return
        ;;
    '--max-time')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--proxy-credentials-file')
        return
        ;;
    '--ct-log-list')
        return
        ;;
    '--ct-policy')
        __rampart_add_completions -W 'apple'$'\n''chrome'
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--cert')
        return
        ;;
    '--key')
        return
        ;;
    '--key-from-vault')
        return
        ;;
    '--vault')
        return
        ;;
    '--vault-passphrase-file')
        return
        ;;
    esac
}

_rampart_ct() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check)
        # Offer subcommand argument completions
        "_rampart_ct_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check' -- "${cur}"))
        ;;
    esac
}

_rampart_ct_check() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--log-list)
    non_repeating_options=(--issuer --chain --at --policy --max-list-age --max-list-size --timeout --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--issuer')
        return
        ;;
    '--chain')
        return
        ;;
    '--log-list')
        return
        ;;
    '--at')
        return
        ;;
    '--policy')
        __rampart_add_completions -W 'apple'$'\n''chrome'
        return
        ;;
    '--max-list-age')
        return
        ;;
    '--max-list-size')
        return
        ;;
    '--timeout')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_validate() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    email|image|json)
        # Offer subcommand argument completions
        "_rampart_validate_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'email image json' -- "${cur}"))
        ;;
    esac
}

_rampart_validate_email() {
    repeating_flags=()
    non_repeating_flags=(--rfc --no-unicode --version -h --help)
    repeating_options=()
    non_repeating_options=(--format)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_validate_image() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--max-pixels --max-bytes --format)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--max-pixels')
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_validate_json() {
    repeating_flags=()
    non_repeating_flags=(--allow-duplicate-keys --version -h --help)
    repeating_options=()
    non_repeating_options=(--max-bytes --max-depth --max-string-bytes --max-elements --max-number-characters --format)
    __rampart_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--max-bytes')
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-string-bytes')
        return
        ;;
    '--max-elements')
        return
        ;;
    '--max-number-characters')
        return
        ;;
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_rampart_scan() {
    repeating_flags=()
    non_repeating_flags=(--force --include-tests --include-dependencies --allow-incomplete --version -h --help)
    repeating_options=()
    non_repeating_options=(--format -o --output --fail-on --baseline --write-baseline)
    __rampart_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __rampart_add_completions -W 'text'$'\n''json'$'\n''sarif'$'\n''html'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    '--fail-on')
        __rampart_add_completions -W 'info'$'\n''low'$'\n''medium'$'\n''high'
        return
        ;;
    '--baseline')
        return
        ;;
    '--write-baseline')
        return
        ;;
    esac
}

_rampart_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __rampart_offer_flags_options -1
}

complete -o filenames -F _rampart rampart
