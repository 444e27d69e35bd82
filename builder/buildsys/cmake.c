/*
 * cmake.c - the flags of a package that has only a CMakeLists.txt (see
 * builder.h): CMake configures the scratch copy of the package
 * (buildsys.c) into a build folder inside it, without building anything,
 * and writes compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS=ON),
 * one compiler command per source; those become the package's command
 * list, as a Makefile's dry run does (dryrun.c).  The recipe's cmake-args
 * (a cache variable that selects the parameter set, ...) are passed on.
 */
#include "config.h"
#include "builder.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seconds CMake may take to configure (it probes the compiler). */
#define HP_CMAKE_TIMEOUT 120u

/* The build folder inside the copy (hidden: no walk of the package sees it). */
#define HP_CMAKE_BUILD ".hashprof-cmake-build"

/* One entry of compile_commands.json into out: "arguments", else
 * "command" split like a shell (the copy's path kept whole). */
static int hp_cmake_entry(json_t *e, const char *copy, struct hp_commands *out)
{
	const char *dir = json_string_value(json_object_get(e, "directory"));
	json_t *args = json_object_get(e, "arguments");
	const char *command = json_string_value(json_object_get(e, "command"));
	struct hp_strv w = { 0 };
	int rc = 0;

	if (!dir)
		return 0;
	if (json_is_array(args)) {
		size_t i;
		json_t *a;
		json_array_foreach(args, i, a) if (json_is_string(a) && hp_strv_add(&w, json_string_value(a))) rc = -1;
	} else if (command) {
		rc = hp_split_words_keeping(command, copy, &w) < 0 ? -1 : 0;
	}
	if (rc == 0 && w.n && hp_is_compiler(w.v[0]))
		rc = hp_commands_add(out, dir, &w);
	hp_strv_free(&w);
	return rc;
}

int hp_dryrun_cmake(struct hp_detect *d, const struct hp_strv *args, const char *log_path, struct hp_commands *out,
		    char *err, size_t errlen)
{
	struct hp_strv argv = { 0 };
	char build[PATH_MAX], db[PATH_MAX];
	json_error_t je;
	json_t *doc;
	int status;

	hp_fmt(build, sizeof build, "%s/" HP_CMAKE_BUILD, d->make_copy);
	hp_fmt(db, sizeof db, "%s/compile_commands.json", build);
	if (hp_strv_add(&argv, "cmake") || hp_strv_add(&argv, "-S") || hp_strv_add(&argv, d->copy_dir) ||
	    hp_strv_add(&argv, "-B") || hp_strv_add(&argv, build) ||
	    hp_strv_add(&argv, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON") || hp_strv_extend(&argv, args)) {
		hp_strv_free(&argv);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	status = hp_run_program(argv.v, d->copy_dir, log_path, 0, HP_CMAKE_TIMEOUT);
	hp_strv_free(&argv);
	d->ran_make = 1;
	d->make_status = status;
	d->make_error[0] = '\0';
	if (status < 0) {
		hp_fmt(d->make_error, sizeof d->make_error,
		       "the package has only a CMakeLists.txt but cmake could not be run (install cmake)");
		return 0;
	}
	if (status != 0) {
		char first[HP_BUILD_ERR];
		hp_first_error(log_path, first, sizeof first);
		hp_fmt(d->make_error, sizeof d->make_error, "cmake exited with status %d (%s)", status,
		       first[0] ? first : "no output");
		return 0;
	}
	if (!(doc = json_load_file(db, 0, &je)) || !json_is_array(doc)) {
		hp_fmt(d->make_error, sizeof d->make_error, "cmake wrote no compile_commands.json (%s)",
		       doc ? "not a list" : je.text);
		json_decref(doc);
		return 0;
	}
	{
		size_t i;
		json_t *e;
		json_array_foreach(doc, i, e) if (hp_cmake_entry(e, d->make_copy, out) != 0)
		{
			json_decref(doc);
			hp_fmt(err, errlen, "out of memory");
			return -1;
		}
	}
	json_decref(doc);
	return 0;
}
