//
//  LBPinningPolicy.m
//  LegacyBank
//
//  Certificate pinning for the payments host.
//

#import <CommonCrypto/CommonDigest.h>
#import <Foundation/Foundation.h>
#import <Security/Security.h>

@interface LBPinningPolicy : NSObject
- (BOOL)evaluateServerTrust:(SecTrustRef)serverTrust forDomain:(NSString *)domain;
- (BOOL)legacyEvaluateServerTrust:(SecTrustRef)serverTrust;
@end

@implementation LBPinningPolicy

// expect-begin: RS-NET-007
static NSArray<NSString *> *LBPinnedKeyHashes(void) {
    return @[ @"Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=" ];
}
// expect-end: RS-NET-007

- (BOOL)evaluateServerTrust:(SecTrustRef)serverTrust forDomain:(NSString *)domain {
    SecPolicyRef policy = SecPolicyCreateSSL(true, (__bridge CFStringRef)domain);
    SecTrustSetPolicies(serverTrust, policy);
    CFRelease(policy);
    CFErrorRef error = NULL;
    if (!SecTrustEvaluateWithError(serverTrust, &error)) {
        if (error) {
            CFRelease(error);
        }
        return NO;
    }
    SecKeyRef key = SecTrustCopyKey(serverTrust);
    NSData *keyData = CFBridgingRelease(SecKeyCopyExternalRepresentation(key, NULL));
    CFRelease(key);
    uint8_t digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(keyData.bytes, (CC_LONG)keyData.length, digest);
    NSString *hash = [[NSData dataWithBytes:digest length:sizeof(digest)] base64EncodedStringWithOptions:0];
    return [LBPinnedKeyHashes() containsObject:hash];
}

- (BOOL)legacyEvaluateServerTrust:(SecTrustRef)serverTrust {
    SecTrustResultType result;
    SecTrustEvaluate(serverTrust, &result); // expect: RS-NET-003
    return YES;
}

- (BOOL)checkedEvaluateServerTrust:(SecTrustRef)serverTrust {
    SecTrustResultType result = kSecTrustResultInvalid;
    OSStatus status = SecTrustEvaluate(serverTrust, &result);
    return status == errSecSuccess && (result == kSecTrustResultUnspecified || result == kSecTrustResultProceed);
}

- (void)warmUpTrust:(SecTrustRef)serverTrust {
    SecTrustEvaluateWithError(serverTrust, NULL); // expect: RS-NET-003
}

@end
