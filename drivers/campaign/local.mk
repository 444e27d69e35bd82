# drivers/campaign/: `hashprof campaign`, every instance folder
# of a tree of submission packages built, profiled and published; its
# parts, one concept per file (campaign.h), are part of the hashprof
# program beside drivers/cmds/cmd_campaign.c, its command line.  They sit
# above the builder (the content hashes, the process runner, the KAT
# result of a manifest) and the measuring engine (instances, the
# operations of each kind), and run both only through child processes
# (`hashprof build`, `hashprof INSTANCE OP`) and GNU make.
hashprof_SOURCES += drivers/cmds/cmd_campaign.c drivers/campaign/campaign.h \
	drivers/campaign/find.c drivers/campaign/inputs.c drivers/campaign/state.c \
	drivers/campaign/unit.c drivers/campaign/cpus.c drivers/campaign/engine.c \
	drivers/campaign/progress.c drivers/campaign/pages.c drivers/campaign/beside.c \
	drivers/campaign/whose.c drivers/campaign/whose.h drivers/campaign/prune.c
hashprof_CPPFLAGS += -I$(top_srcdir)/drivers/campaign
