//
//  LBAPIClient.m
//  LegacyBank
//

#import "LBAPIClient.h"
#import <Security/Security.h>

static NSString *const LBProductionBaseURL = @"https://api.legacybank.example.com/v1";
static NSString *const LBRatesURL = @"http://rates.legacybank.example.com/today.json"; // expect: RS-NET-001
static NSString *const LBXMLNamespace = @"http://www.w3.org/1999/xhtml";
// static NSString *const LBOldBaseURL = @"http://api.legacybank.example.com/v1";

@interface NSURLRequest (LBInsecure)
+ (void)setAllowsAnyHTTPSCertificate:(BOOL)allow forHost:(NSString *)host; // tolerate: RS-NET-004 high
@end

@implementation LBAPIClient {
    NSURLSession *_session;
}

+ (instancetype)sharedClient {
    static LBAPIClient *client;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        client = [[LBAPIClient alloc] init];
    });
    return client;
}

- (instancetype)init {
    if ((self = [super init])) {
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.URLCache = [[NSURLCache alloc] initWithMemoryCapacity:4 * 1024 * 1024 diskCapacity:50 * 1024 * 1024 diskPath:@"api"]; // expect: RS-NET-008
        _session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:nil];
#ifdef DEBUG
        [NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:@"staging.legacybank.example.com"]; // expect: RS-NET-004
#endif
    }
    return self;
}

- (void)fetchAccountsWithCompletion:(void (^)(NSArray *_Nullable, NSError *_Nullable))completion {
    NSURL *url = [NSURL URLWithString:[LBProductionBaseURL stringByAppendingString:@"/accounts"]];
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url];
    request.cachePolicy = NSURLRequestReturnCacheDataElseLoad; // expect: RS-NET-008
    [request setValue:[NSString stringWithFormat:@"Bearer %@", self.authToken] forHTTPHeaderField:@"Authorization"];
    [[_session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        if (error) {
            completion(nil, error);
            return;
        }
        NSArray *accounts = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
        completion(accounts, nil);
    }] resume];
}

- (void)fetchExchangeRates {
    NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:LBRatesURL]];
    [NSURLConnection connectionWithRequest:request delegate:self];
}

- (void)fetchBranchList {
    NSURL *url = [NSURL URLWithString:@"http://branches.legacybank.example.com/list.json"]; // expect: RS-NET-001
    [[_session dataTaskWithURL:url] resume];
}

#pragma mark - NSURLSessionDelegate

// expect-begin: RS-NET-002
- (void)URLSession:(NSURLSession *)session
    didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
      completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *_Nullable))completionHandler {
    if ([challenge.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
        NSURLCredential *credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
        completionHandler(NSURLSessionAuthChallengeUseCredential, credential);
    } else {
        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
    }
}
// expect-end: RS-NET-002

#pragma mark - NSURLConnectionDelegate

- (BOOL)connection:(NSURLConnection *)connection canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)protectionSpace {
    return [protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust];
}

// expect-begin: RS-NET-002
- (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
    [challenge.sender useCredential:[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]
         forAuthenticationChallenge:challenge];
}
// expect-end: RS-NET-002

@end
