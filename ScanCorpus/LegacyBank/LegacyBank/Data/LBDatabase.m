//
//  LBDatabase.m
//  LegacyBank
//
//  Transactions cache on SQLite; the account snapshot in a plist.
//

#import <Foundation/Foundation.h>
#import <sqlite3.h>

@interface LBDatabase : NSObject
- (instancetype)initWithPath:(NSString *)path;
@end

@implementation LBDatabase {
    sqlite3 *_db;
}

- (instancetype)initWithPath:(NSString *)path {
    if ((self = [super init])) {
        if (sqlite3_open(path.UTF8String, &_db) != SQLITE_OK) {
            NSLog(@"Failed to open database at %@", path);
        }
        sqlite3_exec(_db, "CREATE TABLE IF NOT EXISTS transactions (id TEXT, payee TEXT, amount REAL)", NULL, NULL, NULL);
        sqlite3_exec(_db, "CREATE TABLE IF NOT EXISTS credentials (username TEXT, password TEXT)", NULL, NULL, NULL);
    }
    return self;
}

- (NSArray *)transactionsForPayee:(NSString *)payee {
    NSString *sql = [NSString stringWithFormat:@"SELECT id, amount FROM transactions WHERE payee = '%@'", payee]; // expect: RS-CODE-001
    return [self rowsForQuery:sql];
}

- (NSArray *)transactionsMatching:(NSString *)term {
    NSString *sql = [@"SELECT id FROM transactions WHERE payee LIKE '%" stringByAppendingFormat:@"%@%%'", term]; // expect: RS-CODE-001
    return [self rowsForQuery:sql];
}

- (NSArray *)transactionsForPayeeSafely:(NSString *)payee {
    sqlite3_stmt *statement = NULL;
    const char *sql = "SELECT id, amount FROM transactions WHERE payee = ?";
    NSMutableArray *rows = [NSMutableArray array];
    if (sqlite3_prepare_v2(_db, sql, -1, &statement, NULL) == SQLITE_OK) {
        sqlite3_bind_text(statement, 1, payee.UTF8String, -1, SQLITE_TRANSIENT);
        while (sqlite3_step(statement) == SQLITE_ROW) {
            [rows addObject:@((const char *)sqlite3_column_text(statement, 0))];
        }
    }
    sqlite3_finalize(statement);
    return rows;
}

- (NSArray *)recentTransactions:(NSInteger)limit {
    NSString *sql = [NSString stringWithFormat:@"SELECT id FROM transactions ORDER BY rowid DESC LIMIT %ld", (long)limit];
    return [self rowsForQuery:sql];
}

static NSString *const kTransactionsTable = @"transactions";

- (NSArray *)transactionsAbove:(double)amount limit:(NSUInteger)limit {
    NSString *sql = [NSString stringWithFormat:@"SELECT id FROM %@ WHERE amount > %f LIMIT %lu", kTransactionsTable, amount, (unsigned long)limit];
    return [self rowsForQuery:sql];
}

- (void)clearCacheFailed:(NSError *)error {
    NSString *line = [NSString stringWithFormat:@"Delete from transactions cache failed: %@", error];
    [self.logger logMessage:line];
}

- (void)deleteTransactionsForPayee:(NSString *)payee {
    sqlite3_exec(_db, [[NSString stringWithFormat:@"DELETE FROM transactions WHERE payee = '%@'", payee] UTF8String], NULL, NULL, NULL); // expect: RS-CODE-001
}

- (void)saveUsername:(NSString *)username password:(NSString *)password {
    // expect-begin: RS-STORAGE-004
    sqlite3_stmt *statement = NULL;
    sqlite3_prepare_v2(_db, "INSERT INTO credentials (username, password) VALUES (?, ?)", -1, &statement, NULL);
    sqlite3_bind_text(statement, 1, username.UTF8String, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(statement, 2, password.UTF8String, -1, SQLITE_TRANSIENT);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    // expect-end: RS-STORAGE-004
}

- (void)saveAccessToken:(NSString *)accessToken inContext:(NSManagedObjectContext *)context {
    // expect-begin: RS-STORAGE-004
    NSManagedObject *account = [NSEntityDescription insertNewObjectForEntityForName:@"Account" inManagedObjectContext:context];
    [account setValue:accessToken forKey:@"accessToken"];
    [context save:NULL];
    // expect-end: RS-STORAGE-004
}

- (void)saveSnapshot:(NSDictionary *)snapshot password:(NSString *)password toDirectory:(NSString *)directory {
    NSMutableDictionary *contents = [snapshot mutableCopy];
    contents[@"password"] = password;
    [contents writeToFile:[directory stringByAppendingPathComponent:@"snapshot.plist"] atomically:YES]; // expect: RS-STORAGE-003
}

- (void)saveAPIToken:(NSString *)apiToken toDirectory:(NSString *)directory {
    NSString *path = [directory stringByAppendingPathComponent:@"token.txt"];
    [apiToken writeToFile:path atomically:YES encoding:NSUTF8StringEncoding error:NULL]; // expect: RS-STORAGE-003
}

- (void)saveSettings:(NSDictionary *)settings toDirectory:(NSString *)directory {
    [settings writeToFile:[directory stringByAppendingPathComponent:@"settings.plist"] atomically:YES];
}

- (void)saveStatement:(NSData *)statement toDirectory:(NSString *)directory {
    NSString *path = [directory stringByAppendingPathComponent:@"statement.pdf"];
    [statement writeToFile:path options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete error:NULL];
}

- (NSArray *)rowsForQuery:(NSString *)sql {
    sqlite3_stmt *statement = NULL;
    NSMutableArray *rows = [NSMutableArray array];
    if (sqlite3_prepare_v2(_db, sql.UTF8String, -1, &statement, NULL) == SQLITE_OK) {
        while (sqlite3_step(statement) == SQLITE_ROW) {
            [rows addObject:@((const char *)sqlite3_column_text(statement, 0))];
        }
    }
    sqlite3_finalize(statement);
    return rows;
}

@end
