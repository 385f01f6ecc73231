// A comment with "a string" and http://example.com inside.
/* A block comment with @"an objc string" */
#define kBase @"http://api.example.com/v1" \
    // continued
@implementation Client
- (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
    [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
}
- (void)load {
    NSURL *u = [NSURL URLWithString:kBase];
    [NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:@"staging.example.com"];
    NSLog(@"login %@ with %@", user, password);
    [[NSUserDefaults standardUserDefaults] setObject:password forKey:@"password"];
    [UIPasteboard generalPasteboard].string = otp;
    NSString *sql = [NSString stringWithFormat:@"SELECT * FROM t WHERE n = '%@'", name];
    sqlite3_exec(db, [sql UTF8String], NULL, NULL, NULL);
    NSDictionary *p = @{ kTSKPublicKeyHashes: @[ @"Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=" ] };
}
@end
