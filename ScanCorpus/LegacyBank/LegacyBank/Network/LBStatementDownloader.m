//
//  LBStatementDownloader.m
//  LegacyBank
//
//  Downloads PDF statements from the document server and caches them encrypted.
//

#import <CommonCrypto/CommonCrypto.h>
#import <Foundation/Foundation.h>
#import <RNCryptor/RNCryptor.h>
#import <TrustKit/TrustKit.h>
#import <WebKit/WebKit.h>

static NSString *const LBAWSAccessKeyID = @"AKIAQX7RT4MZL2PWK9DN"; // expect: RS-CRYPTO-007
static NSString *const LBAWSRegion = @"eu-central-1";

@interface LBStatementDownloader : NSObject <WKNavigationDelegate>
@end

@implementation LBStatementDownloader

+ (void)configurePinning {
    // expect-begin: RS-NET-007
    NSDictionary *trustKitConfig = @{
        kTSKSwizzleNetworkDelegates : @YES,
        kTSKPinnedDomains : @{
            @"documents.legacybank.example.com" : @{
                kTSKEnforcePinning : @YES,
                kTSKPublicKeyHashes : @[ @"HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=" ],
            },
        }
    };
    // expect-end: RS-NET-007
    [TrustKit initSharedInstanceWithConfiguration:trustKitConfig];
}

+ (void)configureBackupPinning {
    NSDictionary *trustKitConfig = @{
        kTSKPinnedDomains : @{
            @"cards.legacybank.example.com" : @{
                kTSKEnforcePinning : @YES,
                kTSKPublicKeyHashes : @[
                    @"HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=",
                    @"0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8=",
                ],
            },
        }
    };
    [TrustKit initSharedInstanceWithConfiguration:trustKitConfig];
}

+ (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host { // expect: RS-NET-004
    return YES;
}

+ (NSData *)encryptStatement:(NSData *)statement {
    NSError *error = nil;
    return [RNEncryptor encryptData:statement withSettings:kRNCryptorAES256Settings password:@"Statements#2016!LegacyBank" error:&error]; // expect: RS-CRYPTO-003
}

+ (NSData *)encryptStatement:(NSData *)statement password:(NSString *)password {
    NSError *error = nil;
    return [RNEncryptor encryptData:statement withSettings:kRNCryptorAES256Settings password:password error:&error];
}

+ (NSData *)encryptChunk:(NSData *)chunk key:(NSData *)key {
    uint8_t iv[kCCBlockSizeAES128] = {0};
    NSMutableData *output = [NSMutableData dataWithLength:chunk.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv, chunk.bytes, chunk.length, output.mutableBytes, output.length, &moved); // expect: RS-CRYPTO-002
    output.length = moved;
    return output;
}

+ (NSData *)cacheKeyFromPassword:(NSString *)password salt:(NSData *)salt {
    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length, kCCPRFHmacAlgSHA256, 210000, key.mutableBytes, key.length); // expect: RS-CRYPTO-005
    return key;
}

// expect-begin: RS-NET-005
- (void)webView:(WKWebView *)webView didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
    if ([challenge.protectionSpace.host hasSuffix:@"legacybank.example.com"]) {
        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
        return;
    }
    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
}
// expect-end: RS-NET-005

@end
