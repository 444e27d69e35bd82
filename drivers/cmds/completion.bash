# bash completion for hashprof                              -*- shell-script -*-
#
# Completes the commands, each command's options (read from its own --help,
# so they never disagree with the program), instance names (`hashprof
# list`), the operations of the instance named before, hash candidates
# (`hashprof list --hashes`), the values of --format and --clock, and file
# names for the options and commands that take files.  Installed as
# completions/hashprof, where bash-completion loads it on first use.

# The options of `hashprof [COMMAND] --help`, one per line ("--name=" for
# those that take a value).
_hashprof_options()
{
	"$_hashprof_bin" "$@" --help 2>/dev/null |
		sed -n 's/^ *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*\)\(=\{0,1\}\).*/\2\3/p' | sort -u
}

# The instance names `hashprof list` prints (its first column).
_hashprof_instances()
{
	"$_hashprof_bin" list 2>/dev/null | sed -n '2,$s/ .*//p'
}

# The operations of instance $1, from its API kind in `hashprof list`.
_hashprof_operations()
{
	local kind
	kind=$("$_hashprof_bin" list 2>/dev/null | awk -v n="$1" 'NR > 1 && $1 == n { print $2; exit }')
	case $kind in
	sig) echo keygen sign verify ;;
	kem) echo keygen encaps decaps ;;
	kex) echo exchange init_a init_b pass1 pass2 pass3 pass4 pass5 derive_a derive_b ;;
	esac
}

_hashprof()
{
	local cur prev cmd i
	local commands="list build campaign report check help"
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	_hashprof_bin=${COMP_WORDS[0]}
	# bash splits "--opt=value" at '=' (COMP_WORDBREAKS): put it together
	if [[ $cur == = ]]; then
		cur=""
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	else
		prev=""
	fi

	case $prev in
	--format | -f)
		COMPREPLY=($(compgen -W "text md csv json" -- "$cur"))
		return
		;;
	--clock)
		COMPREPLY=($(compgen -W "tsc cycles" -- "$cur"))
		return
		;;
	--hash)
		COMPREPLY=($(compgen -W "all $("$_hashprof_bin" list --hashes 2>/dev/null | sed -n '2,$s/ .*//p')" -- "$cur"))
		return
		;;
	--record-dir | --output | --folded | --flame-graph | --plot | --costs | --published | --map | --job-file | --output-dir)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	esac

	cmd=""
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*)
			cmd=${COMP_WORDS[i]}
			break
			;;
		esac
	done

	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$(_hashprof_options)" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$commands $(_hashprof_instances)" -- "$cur"))
		fi
	else
		case $cmd in
		help)
			COMPREPLY=($(compgen -W "list build campaign report check" -- "$cur"))
			;;
		list | build | campaign | report | check)
			if [[ $cur == -* ]]; then
				COMPREPLY=($(compgen -W "$(_hashprof_options "$cmd")" -- "$cur"))
			elif [[ $cmd != list ]]; then
				COMPREPLY=($(compgen -f -- "$cur"))
			fi
			;;
		*)
			if [[ $cur == -* ]]; then
				COMPREPLY=($(compgen -W "$(_hashprof_options)" -- "$cur"))
			elif ((i == COMP_CWORD - 1)); then
				COMPREPLY=($(compgen -W "$(_hashprof_operations "$cmd")" -- "$cur"))
			fi
			;;
		esac
	fi
	# an option that takes a value: no blank after the '='
	if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && type compopt >/dev/null 2>&1; then
		compopt -o nospace 2>/dev/null
	fi
}
complete -F _hashprof hashprof
