/*
 * libs.c - hashing done by a library rather than by the ICCS
 * helpers (see survey.h): the hash functions of OpenSSL's libcrypto,
 * libgcrypt, libsodium or XKCP that the scheme's objects call.
 *
 * --wrap measures the helpers; a scheme that hashes with EVP_shake256 or
 * SHA256 spends that time inside the library, where no helper call is
 * seen and no own primitive's constants lie in the package's objects.
 * Without this the survey called such a scheme "ICCS-only" and its hash
 * share read 0.0% with no word of why.  A symbol counts when a scheme
 * object references it and no linked object defines it (a package's own
 * SHA256() is own code, found by its constants); the ICCS files'
 * (auxfunc.c, drng.c) own use of OpenSSL is the helpers' and never counts.
 */
#include "config.h"
#include "survey.h"

#include <string.h>

/* The most functions named per object before "+N more". */
#define HP_SURVEY_LIB_LIST 4

/* Library hash functions by name prefix; algo: the name says which
 * hash (shown first: EVP_shake256 says more than EVP_DigestUpdate).
 * From the libraries' own headers: openssl/evp.h, openssl/sha.h,
 * openssl/md5.h, openssl/hmac.h; gcrypt.h; sodium/crypto_hash*.h,
 * crypto_generichash*.h, crypto_xof*.h; XKCP's KeccakHash.h and
 * SimpleFIPS202.h. */
static const struct hp_survey_libfn {
	const char *prefix, *lib;
	int algo;
} hp_survey_libfns[] = {
	{ "EVP_shake", "libcrypto", 1 },
	{ "EVP_sha", "libcrypto", 1 },
	{ "EVP_sm3", "libcrypto", 1 },
	{ "EVP_md5", "libcrypto", 1 },
	{ "EVP_blake2", "libcrypto", 1 },
	{ "EVP_ripemd160", "libcrypto", 1 },
	{ "EVP_MD_fetch", "libcrypto", 1 },
	{ "EVP_get_digestbyname", "libcrypto", 1 },
	{ "SHA1", "libcrypto", 1 },
	{ "SHA224", "libcrypto", 1 },
	{ "SHA256", "libcrypto", 1 },
	{ "SHA384", "libcrypto", 1 },
	{ "SHA512", "libcrypto", 1 },
	{ "MD5", "libcrypto", 1 },
	{ "HMAC", "libcrypto", 1 },
	{ "PKCS5_PBKDF2_HMAC", "libcrypto", 1 },
	{ "EVP_Digest", "libcrypto", 0 },
	{ "EVP_Q_digest", "libcrypto", 0 },
	{ "gcry_md_", "libgcrypt", 0 },
	{ "crypto_hash", "libsodium", 1 },
	{ "crypto_generichash", "libsodium", 1 },
	{ "crypto_xof_", "libsodium", 1 },
	{ "Keccak_Hash", "XKCP", 0 },
	{ "KeccakWidth1600_", "XKCP", 0 },
	{ "SHAKE128", "XKCP", 1 },
	{ "SHAKE256", "XKCP", 1 },
	{ "SHA3_", "XKCP", 1 },
};

/* The library hash function sym is, or NULL. */
static const struct hp_survey_libfn *hp_survey_libfn_of(const char *sym)
{
	for (size_t i = 0; i < sizeof hp_survey_libfns / sizeof hp_survey_libfns[0]; i++)
		if (!strncmp(sym, hp_survey_libfns[i].prefix, strlen(hp_survey_libfns[i].prefix)))
			return &hp_survey_libfns[i];
	return NULL;
}

/* Does some unit define sym? */
static int hp_survey_defined(const struct hp_survey_unit *u, size_t nu, const char *sym)
{
	for (size_t k = 0; k < nu; k++)
		if (hp_strv_find(&u[k].defs, sym) >= 0)
			return 1;
	return 0;
}

/* Append one object's library hash functions ("EVP_shake256,
 * EVP_DigestUpdate (libcrypto) in sign.c") to out at *o; how many. */
static size_t hp_survey_lib_unit(const struct hp_survey_unit *all, size_t nu, const struct hp_survey_unit *u, char *out,
				 size_t len, size_t *o)
{
	const char *lib = NULL;
	size_t found = 0, shown = 0;
	int mixed_libs = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < u->undefs.n; i++) {
			const struct hp_survey_libfn *f = hp_survey_libfn_of(u->undefs.v[i]);
			if (!f || f->algo != !pass || hp_survey_defined(all, nu, u->undefs.v[i]))
				continue;
			if (!found)
				*o += (size_t)hp_fmt(out + *o, *o < len ? len - *o : 0, "%s", *o ? "; " : "");
			found++;
			mixed_libs |= lib && strcmp(lib, f->lib);
			lib = lib ? lib : f->lib;
			if (shown == HP_SURVEY_LIB_LIST)
				continue;
			*o += (size_t)hp_fmt(out + *o, *o < len ? len - *o : 0, "%s%s", shown ? ", " : "",
					     u->undefs.v[i]);
			shown++;
		}
	if (!found)
		return 0;
	if (found > shown)
		*o += (size_t)hp_fmt(out + *o, *o < len ? len - *o : 0, " +%zu more", found - shown);
	*o += (size_t)hp_fmt(out + *o, *o < len ? len - *o : 0, " (%s%s) in %s", lib, mixed_libs ? ", ..." : "",
			     u->name);
	return found;
}

size_t hp_survey_library_hashing(const struct hp_survey_unit *u, size_t nu, char *out, size_t len)
{
	size_t o = 0, n = 0;

	if (len)
		out[0] = '\0';
	for (size_t k = 0; k < nu; k++)
		if (!u[k].helper_file)
			n += hp_survey_lib_unit(u, nu, &u[k], out, len, &o);
	return n;
}
