/*
 * sqlite-floor: what SQLite alone costs for Kakeibo's write paths, with no Swift, JSON or hashing.
 *
 * It applies the real Migrations/ to a new file and, with prepared statements in one transaction:
 *   append  N expenses the way `record(batch:)` stores them: one event row (realistic sizes, a valid
 *           hash chain, so every trigger runs), one transactions row, two postings rows;
 *   replay  what `kakeibo replay` does to SQLite: read the four columns of every event, empty the
 *           projections, drop their secondary indexes, insert the transaction and postings rows
 *           again, rebuild the indexes, commit.
 *   import  (with the word `import` after N, on its own new file, instead of the two above) N
 *           transactions the way `import journal` stores them: the rows `append` writes, with what an
 *           import's event carries besides (a provenance, a random-looking idempotency key in its
 *           unique index, a 32-byte command hash, the 304-byte payload a two-posting journal
 *           transaction encodes to), postings spread over 24 accounts, and the probe for the key
 *           before each insert.
 * The figures are a floor for the ledger's own timings: they hold the ledger's schema fixed and
 * leave out everything the ledger does besides SQLite.
 *
 *   cc -O2 -o sqlite-floor sqlite-floor.c -lsqlite3
 *   ./sqlite-floor MIGRATIONS_DIR DB_PATH N [import]
 */
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(sqlite3 *db, int rc, int expected, const char *what) {
    if (rc != expected) {
        fprintf(stderr, "sqlite-floor: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static void run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "sqlite-floor: %s\n  in: %.200s\n", error, sql);
        exit(1);
    }
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement;
    check(db, sqlite3_prepare_v2(db, sql, -1, &statement, NULL), SQLITE_OK, sql);
    return statement;
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

static void migrate(sqlite3 *db, const char *folder) {
    struct dirent **entries;
    int count = scandir(folder, &entries, NULL, by_name);
    if (count < 0) { perror(folder); exit(1); }
    for (int i = 0; i < count; i++) {
        size_t length = strlen(entries[i]->d_name);
        if (length > 4 && strcmp(entries[i]->d_name + length - 4, ".sql") == 0) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", folder, entries[i]->d_name);
            FILE *file = fopen(path, "rb");
            if (!file) { perror(path); exit(1); }
            fseek(file, 0, SEEK_END);
            long size = ftell(file);
            rewind(file);
            char *sql = malloc(size + 1);
            if (fread(sql, 1, size, file) != (size_t)size) { perror(path); exit(1); }
            sql[size] = 0;
            fclose(file);
            run(db, sql);
            free(sql);
        }
        free(entries[i]);
    }
    free(entries);
}

/* A UUIDv7-shaped id that sorts by n, as the ledger's do. */
static void uuid(char out[37], unsigned kind, unsigned long n) {
    snprintf(out, 37, "019b76da-%04x-7000-%04lx-%012lx", kind, (n >> 48) & 0xffff, n & 0xffffffffffffUL);
}

/* A transaction's two postings: `amount` from accounts[0] to accounts[1]. */
static void post(sqlite3 *db, sqlite3_stmt *posting, const char *txnID, const char *accounts[2], long amount) {
    for (int line = 0; line < 2; line++) {
        sqlite3_bind_text(posting, 1, txnID, 36, SQLITE_STATIC);
        sqlite3_bind_int(posting, 2, line);
        sqlite3_bind_text(posting, 3, accounts[line], 36, SQLITE_STATIC);
        sqlite3_bind_int64(posting, 4, line ? amount : -amount);
        check(db, sqlite3_step(posting), SQLITE_DONE, "insert posting");
        sqlite3_reset(posting);
    }
}

/* One transaction row and its two postings, as the ledger projection writes them. */
static void project(sqlite3 *db, sqlite3_stmt *transaction, sqlite3_stmt *posting, const char *txnID, long position,
                    const char *accounts[2], long amount) {
    sqlite3_bind_text(transaction, 1, txnID, 36, SQLITE_STATIC);
    sqlite3_bind_int64(transaction, 2, position);
    sqlite3_bind_int64(transaction, 3, position);
    check(db, sqlite3_step(transaction), SQLITE_DONE, "insert transaction");
    sqlite3_reset(transaction);
    post(db, posting, txnID, accounts, amount);
}

struct clocks { double wall, cpu; };
static struct clocks now(void) { return (struct clocks){seconds(CLOCK_MONOTONIC), seconds(CLOCK_PROCESS_CPUTIME_ID)}; }
static void report(const char *what, long rows, struct clocks start) {
    struct clocks end = now();
    printf("%-8s %8ld events  %6.2f s wall = %9.0f events/s   %6.2f s CPU = %9.0f events/s\n", what, rows,
           end.wall - start.wall, rows / (end.wall - start.wall), end.cpu - start.cpu, rows / (end.cpu - start.cpu));
}

/* A splitmix64 step: the import phase's keys, hashes and amounts, the same on every run. */
static unsigned long mix(unsigned long *state) {
    unsigned long z = (*state += 0x9e3779b97f4a7c15UL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
    return z ^ (z >> 31);
}

/* N imported journal transactions, each as `import journal` stores it, in one transaction. */
static void import(sqlite3 *db, long n) {
    char accounts[24][37];
    for (int a = 0; a < 24; a++) uuid(accounts[a], 4, a);
    sqlite3_stmt *probe, *event, *transaction, *posting;
    probe = prepare(db, "SELECT 1 FROM events WHERE idempotency_key = ?");
    event = prepare(db, "INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, occurred_on, recorded_at,"
        " source, provenance, actor, command_id, idempotency_key, command_hash, payload, previous_hash, hash)"
        " VALUES (?, ?, ?, 1, 'TransactionRecorded', 1, ?, ?, 'journal-import', ?, 'root', ?, ?, ?, ?, ?, ?)");
    transaction = prepare(db, "INSERT INTO transactions (txn_id, kind, date, payee, memo, is_voided, version, first_position, last_position)"
        " VALUES (?, 'general', ?, ?, NULL, 0, 1, ?, ?)");
    posting = prepare(db, "INSERT INTO postings (txn_id, line, account_id, currency, amount, memo) VALUES (?, ?, ?, 'USD', ?, NULL)");
    unsigned long state = 42;
    unsigned char previous[32] = {0}, hash[32], commandHash[32];
    char eventID[37], txnID[37], commandID[37], stream[48], payload[512], key[64], provenance[64], date[11];
    run(db, "BEGIN IMMEDIATE");
    for (long i = 1; i <= n; i++) {
        uuid(eventID, 1, i); uuid(txnID, 2, i); uuid(commandID, 3, i);
        snprintf(stream, sizeof stream, "txn-%s", txnID);
        snprintf(date, sizeof date, "20%02ld-%02ld-%02ld", i / 20000 % 30, i / 1700 % 12 + 1, i / 60 % 28 + 1);
        snprintf(key, sizeof key, "journal:%016lx%016lx:0", mix(&state), mix(&state));
        snprintf(provenance, sizeof provenance, "import-100000.journal:%ld", i * 4);
        for (int b = 0; b < 32; b += 8) { unsigned long r = mix(&state); memcpy(hash + b, &r, 8); }
        for (int b = 0; b < 32; b += 8) { unsigned long r = mix(&state); memcpy(commandHash + b, &r, 8); }
        const char *from = accounts[mix(&state) % 24], *to = accounts[mix(&state) % 24];
        long amount = 100 + (long)(mix(&state) % 90000);
        int length = snprintf(payload, sizeof payload,
            "{\"date\":\"%s\",\"memo\":null,\"payee\":\"Corner Shop\",\"postings\":[{\"account\":\"%s\",\"amount\":%ld,"
            "\"currency\":\"USD\",\"memo\":null},{\"account\":\"%s\",\"amount\":-%ld,\"currency\":\"USD\",\"memo\":null}],"
            "\"txn\":\"%s\"}", date, to, amount, from, amount, txnID);
        sqlite3_bind_text(probe, 1, key, -1, SQLITE_STATIC);
        check(db, sqlite3_step(probe), SQLITE_DONE, "probe the key");
        sqlite3_reset(probe);
        sqlite3_bind_int64(event, 1, i);
        sqlite3_bind_text(event, 2, eventID, 36, SQLITE_STATIC);
        sqlite3_bind_text(event, 3, stream, -1, SQLITE_STATIC);
        sqlite3_bind_text(event, 4, date, 10, SQLITE_STATIC);
        sqlite3_bind_int64(event, 5, 1767225600000 + i);
        sqlite3_bind_text(event, 6, provenance, -1, SQLITE_STATIC);
        sqlite3_bind_text(event, 7, commandID, 36, SQLITE_STATIC);
        sqlite3_bind_text(event, 8, key, -1, SQLITE_STATIC);
        sqlite3_bind_blob(event, 9, commandHash, 32, SQLITE_STATIC);
        sqlite3_bind_text(event, 10, payload, length, SQLITE_STATIC);
        sqlite3_bind_blob(event, 11, previous, 32, SQLITE_STATIC);
        sqlite3_bind_blob(event, 12, hash, 32, SQLITE_STATIC);
        check(db, sqlite3_step(event), SQLITE_DONE, "insert event");
        sqlite3_reset(event);
        memcpy(previous, hash, 32);
        sqlite3_bind_text(transaction, 1, txnID, 36, SQLITE_STATIC);
        sqlite3_bind_text(transaction, 2, date, 10, SQLITE_STATIC);
        sqlite3_bind_text(transaction, 3, "Corner Shop", -1, SQLITE_STATIC);
        sqlite3_bind_int64(transaction, 4, i);
        sqlite3_bind_int64(transaction, 5, i);
        check(db, sqlite3_step(transaction), SQLITE_DONE, "insert transaction");
        sqlite3_reset(transaction);
        post(db, posting, txnID, (const char *[2]){from, to}, amount);
    }
    run(db, "COMMIT");
    sqlite3_finalize(probe);
    sqlite3_finalize(event);
    sqlite3_finalize(transaction);
    sqlite3_finalize(posting);
}

int main(int argc, char **argv) {
    int importing = argc == 5 && strcmp(argv[4], "import") == 0;
    if (argc != 4 && !importing) { fprintf(stderr, "usage: sqlite-floor MIGRATIONS_DIR DB_PATH N [import]\n"); return 2; }
    long n = atol(argv[3]);
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s%s", argv[2], suffixes[i]);
        remove(path);
    }
    sqlite3 *db;
    check(db, sqlite3_open(argv[2], &db), SQLITE_OK, "open");
    /* The ledger's connection settings (LedgerDatabase.swift). */
    run(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = -65536;");
    migrate(db, argv[1]);
    if (importing) {
        struct clocks start = now();
        import(db, n);
        /* Closing checkpoints the WAL into the database file, as the ledger's process does when it ends. */
        sqlite3_close(db);
        report("import", n, start);
        return 0;
    }

    const char *accounts[] = {"019b76da-a804-7000-a119-bd20c8f7113f", "019b76da-a839-7000-a7b7-ea33a4cb06f0"};
    sqlite3_stmt *event, *transaction, *posting;
    event = prepare(db, "INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, occurred_on, recorded_at,"
        " source, provenance, actor, command_id, idempotency_key, command_hash, payload, previous_hash, hash)"
        " VALUES (?, ?, ?, 1, 'ExpenseCaptured', 1, '2026-01-01', ?, 'manual', NULL, 'benchmark', ?, NULL, NULL, ?, ?, ?)");
    transaction = prepare(db, "INSERT INTO transactions (txn_id, kind, date, payee, memo, is_voided, version, first_position, last_position)"
        " VALUES (?, 'expense', '2026-01-01', 'Corner Shop', NULL, 0, 1, ?, ?)");
    posting = prepare(db, "INSERT INTO postings (txn_id, line, account_id, currency, amount, memo) VALUES (?, ?, ?, 'USD', ?, NULL)");

    unsigned char previous[32] = {0}, hash[32];
    char eventID[37], txnID[37], commandID[37], stream[48], payload[512];
    struct clocks start = now();
    run(db, "BEGIN IMMEDIATE");
    for (long i = 1; i <= n; i++) {
        uuid(eventID, 1, i); uuid(txnID, 2, i); uuid(commandID, 3, i);
        snprintf(stream, sizeof stream, "txn-%s", txnID);
        int length = snprintf(payload, sizeof payload,
            "{\"amount\":%ld,\"currency\":\"USD\",\"date\":\"2026-01-01\",\"from\":\"%s\",\"memo\":null,"
            "\"payee\":\"Corner Shop\",\"to\":\"%s\",\"txn\":\"%s\"}", 100 + i % 9000, accounts[0], accounts[1], txnID);
        for (int b = 0; b < 32; b++) hash[b] = (unsigned char)(i * 31 + b * 7 + (i >> 8));
        sqlite3_bind_int64(event, 1, i);
        sqlite3_bind_text(event, 2, eventID, 36, SQLITE_STATIC);
        sqlite3_bind_text(event, 3, stream, -1, SQLITE_STATIC);
        sqlite3_bind_int64(event, 4, 1767225600000 + i);
        sqlite3_bind_text(event, 5, commandID, 36, SQLITE_STATIC);
        sqlite3_bind_text(event, 6, payload, length, SQLITE_STATIC);
        sqlite3_bind_blob(event, 7, previous, 32, SQLITE_STATIC);
        sqlite3_bind_blob(event, 8, hash, 32, SQLITE_STATIC);
        check(db, sqlite3_step(event), SQLITE_DONE, "insert event");
        sqlite3_reset(event);
        memcpy(previous, hash, 32);
        project(db, transaction, posting, txnID, i, accounts, 100 + i % 9000);
    }
    run(db, "COMMIT");
    report("append", n, start);

    start = now();
    run(db, "BEGIN IMMEDIATE");
    run(db, "DELETE FROM postings; DELETE FROM transactions;"
            "DROP INDEX postings_by_account; DROP INDEX transactions_by_date;");
    sqlite3_stmt *read;
    read = prepare(db, "SELECT position, recorded_at, type, payload FROM events ORDER BY position");
    long bytes = 0, rows = 0;
    while (sqlite3_step(read) == SQLITE_ROW) {
        long position = sqlite3_column_int64(read, 0);
        bytes += sqlite3_column_int64(read, 1) & 1;
        bytes += sqlite3_column_bytes(read, 2);
        const char *text = (const char *)sqlite3_column_text(read, 3);
        bytes += sqlite3_column_bytes(read, 3);
        /* The transaction id is the payload's last field; a real decoder would find it the same way. */
        const char *id = strstr(text, "\"txn\":\"");
        if (!id) { fprintf(stderr, "sqlite-floor: payload without a txn\n"); return 1; }
        memcpy(txnID, id + 7, 36);
        project(db, transaction, posting, txnID, position, accounts, 1);
        rows++;
    }
    sqlite3_finalize(read);
    run(db, "CREATE INDEX postings_by_account ON postings(account_id);"
            "CREATE INDEX transactions_by_date ON transactions(date);");
    run(db, "COMMIT");
    report("replay", rows, start);
    if (bytes == 0) return 1;
    sqlite3_finalize(event);
    sqlite3_finalize(transaction);
    sqlite3_finalize(posting);
    sqlite3_close(db);
    return 0;
}
