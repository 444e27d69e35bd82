# schemes/common/: pieces every instance module links.
EXTRA_DIST += schemes/common/instance_info.c schemes/common/drng_global.c schemes/common/survey-link.sh
