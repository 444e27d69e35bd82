/*
 * fuzz_record.c - libFuzzer harness of the record reader (prof/record/record_io.c,
 * prof/record/record.c): any bytes as a record file or run document.  On success
 * every row is also checked against its stored shares, rendered in each
 * format (to /dev/null) and written back as a record object, so the whole
 * read-render path runs on what the parser accepted.  Built by `make fuzz`.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "record/record.h"
#include "record/record_io.h"
#include "report/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct hp_record_set s;
	char err[HP_RECORD_ERR_MAX], msg[512];
	long n;

	if (!null)
		null = fopen("/dev/null", "w");
	hp_record_set_init(&s);
	n = hp_record_parse_buffer("fuzz.json", (const char *)data, size, &s, err, sizeof err);
	if (n > 0) {
		struct hp_result *rows = calloc(s.n, sizeof *rows);
		for (size_t i = 0; rows && i < s.n; i++) {
			json_t *back = hp_record_file_json(&s.rows[i].r, s.rows[i].run);
			rows[i] = s.rows[i].r;
			hp_record_shares_check(&s.rows[i], msg, sizeof msg);
			json_decref(back);
		}
		for (int f = HP_FORMAT_TEXT; rows && null && f <= HP_FORMAT_JSON; f++)
			hp_report_print(null, (enum hp_format)f, rows, s.n, NULL);
		free(rows);
	}
	hp_record_set_free(&s);
	return 0;
}
