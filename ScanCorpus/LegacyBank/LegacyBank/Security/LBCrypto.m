//
//  LBCrypto.m
//  LegacyBank
//
//  Encrypts the statement cache. Based on the CommonCrypto sample (see
//  http://opensource.apple.com/source/CommonCrypto/ for the headers).
//

#import <CommonCrypto/CommonCrypto.h>
#import <Foundation/Foundation.h>
#import <Security/Security.h>
#include <stdlib.h>

static NSString *const LBStatementKey = @"LegacyBank$ecretKey2016!"; // expect: RS-CRYPTO-003 tolerate: RS-CRYPTO-007 high
static const char LBStatementIV[kCCBlockSizeAES128] = "0000000000000000"; // expect: RS-CRYPTO-002
static NSString *const LBMapsAPIKey = @"AIzaSyD3kF9xQ2mLp7VbR8tYw1Zc4Nh6Jg0EaUs"; // expect: RS-CRYPTO-007
static NSString *const LBCrashReporterKey = @"YOUR_CRASH_REPORTER_KEY";
static NSString *const LBKeychainPasswordKey = @"password";

@interface LBCrypto : NSObject
@end

@implementation LBCrypto

+ (NSData *)encryptStatement:(NSData *)plaintext {
    NSData *key = [LBStatementKey dataUsingEncoding:NSUTF8StringEncoding]; // tolerate: RS-CRYPTO-003 high
    NSMutableData *output = [NSMutableData dataWithLength:plaintext.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, kCCKeySizeAES256, // tolerate: RS-CRYPTO-002 high
                                     LBStatementIV, plaintext.bytes, plaintext.length, output.mutableBytes, output.length, // tolerate: RS-CRYPTO-002 high
                                     &moved);
    if (status != kCCSuccess) {
        return nil;
    }
    output.length = moved;
    return output;
}

+ (NSData *)encryptForLegacyServer:(NSData *)plaintext key:(NSData *)key {
    NSMutableData *output = [NSMutableData dataWithLength:plaintext.length + kCCBlockSizeDES];
    size_t moved = 0;
    CCCrypt(kCCEncrypt, kCCAlgorithm3DES, kCCOptionECBMode | kCCOptionPKCS7Padding, key.bytes, kCCKeySize3DES, NULL, // expect: RS-CRYPTO-001
            plaintext.bytes, plaintext.length, output.mutableBytes, output.length, &moved);
    output.length = moved;
    return output;
}

+ (CCCryptorRef)legacyCryptorWithKey:(NSData *)key {
    CCCryptorRef cryptor = NULL;
    CCCryptorCreateWithMode(kCCEncrypt, kCCModeECB, kCCAlgorithmAES, ccNoPadding, NULL, key.bytes, key.length, NULL, 0, 0, 0, &cryptor); // expect: RS-CRYPTO-001
    return cryptor;
}

+ (NSData *)encryptedStatement:(NSData *)plaintext key:(NSData *)key {
    uint8_t iv[kCCBlockSizeAES128];
    if (SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv) != errSecSuccess) {
        return nil;
    }
    NSMutableData *output = [NSMutableData dataWithLength:plaintext.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv, plaintext.bytes,
            plaintext.length, output.mutableBytes, output.length, &moved);
    output.length = moved;
    NSMutableData *result = [NSMutableData dataWithBytes:iv length:sizeof(iv)];
    [result appendData:[output subdataWithRange:NSMakeRange(0, moved)]];
    return result;
}

+ (NSData *)randomSalt {
    uint8_t salt[16];
    arc4random_buf(salt, sizeof(salt));
    return [NSData dataWithBytes:salt length:sizeof(salt)];
}

+ (NSData *)weakNonce {
    srand((unsigned)time(NULL)); // expect: RS-CRYPTO-006
    uint8_t nonce[12];
    for (int i = 0; i < 12; i++) {
        nonce[i] = (uint8_t)(random() % 256); // expect: RS-CRYPTO-006
    }
    return [NSData dataWithBytes:nonce length:sizeof(nonce)];
}

+ (NSUInteger)randomTipIndex:(NSUInteger)count {
    return arc4random_uniform((uint32_t)count);
}

+ (NSString *)hashPIN:(NSString *)pin {
    const char *bytes = [pin UTF8String];
    unsigned char digest[CC_MD5_DIGEST_LENGTH];
    CC_MD5(bytes, (CC_LONG)strlen(bytes), digest); // expect: RS-CRYPTO-004
    NSMutableString *hex = [NSMutableString string];
    for (int i = 0; i < CC_MD5_DIGEST_LENGTH; i++) {
        [hex appendFormat:@"%02x", digest[i]];
    }
    return hex;
}

+ (NSData *)passwordHash:(NSString *)password {
    NSData *data = [password dataUsingEncoding:NSUTF8StringEncoding];
    unsigned char digest[CC_SHA1_DIGEST_LENGTH];
    CC_SHA1(data.bytes, (CC_LONG)data.length, digest); // expect: RS-CRYPTO-004
    return [NSData dataWithBytes:digest length:sizeof(digest)];
}

+ (NSData *)fileChecksum:(NSData *)fileData {
    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(fileData.bytes, (CC_LONG)fileData.length, digest);
    return [NSData dataWithBytes:digest length:sizeof(digest)];
}

+ (NSData *)keyFromPassword:(NSString *)password salt:(NSData *)salt {
    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length, kCCPRFHmacAlgSHA1, 5000, key.mutableBytes, key.length); // expect: RS-CRYPTO-005
    return key;
}

+ (NSData *)strongKeyFromPassword:(NSString *)password salt:(NSData *)salt {
    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length, kCCPRFHmacAlgSHA256, 650000, key.mutableBytes, key.length);
    return key;
}

@end
