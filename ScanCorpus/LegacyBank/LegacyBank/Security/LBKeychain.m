//
//  LBKeychain.m
//  LegacyBank
//
//  Stores the PIN hash and the device token in the keychain.
//

#import <Foundation/Foundation.h>
#import <Security/Security.h>

@interface LBKeychain : NSObject
+ (BOOL)setPassword:(NSString *)password forAccount:(NSString *)account;
+ (BOOL)setDeviceToken:(NSString *)token;
@end

@implementation LBKeychain

+ (NSMutableDictionary *)baseQueryForAccount:(NSString *)account {
    return [@{
        (__bridge id)kSecClass : (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService : @"com.legacybank.app",
        (__bridge id)kSecAttrAccount : account,
    } mutableCopy];
}

+ (BOOL)setPassword:(NSString *)password forAccount:(NSString *)account {
    NSMutableDictionary *query = [self baseQueryForAccount:account];
    SecItemDelete((__bridge CFDictionaryRef)query);
    query[(__bridge id)kSecValueData] = [password dataUsingEncoding:NSUTF8StringEncoding];
    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
}

+ (BOOL)setDeviceToken:(NSString *)token {
    NSMutableDictionary *query = [self baseQueryForAccount:@"deviceToken"];
    SecItemDelete((__bridge CFDictionaryRef)query);
    query[(__bridge id)kSecValueData] = [token dataUsingEncoding:NSUTF8StringEncoding];
    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAlways; // expect: RS-STORAGE-001
    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
}

+ (BOOL)setSessionSecret:(NSString *)secret {
    NSDictionary *query = @{
        (__bridge id)kSecClass : (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrAccount : @"session",
        (__bridge id)kSecValueData : [secret dataUsingEncoding:NSUTF8StringEncoding],
        (__bridge id)kSecAttrAccessible : (__bridge id)kSecAttrAccessibleAlwaysThisDeviceOnly, // expect: RS-STORAGE-001
    };
    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
}

+ (BOOL)setWidgetToken:(NSString *)token {
    NSMutableDictionary *query = [self baseQueryForAccount:@"widget"];
    query[(__bridge id)kSecValueData] = [token dataUsingEncoding:NSUTF8StringEncoding];
    // kSecAttrAccessibleAlways would let the widget read it while locked; after first unlock is enough.
    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlock;
    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
}

+ (BOOL)setBiometricSecret:(NSString *)secret {
    NSMutableDictionary *query = [self baseQueryForAccount:@"biometric"];
    query[(__bridge id)kSecValueData] = [secret dataUsingEncoding:NSUTF8StringEncoding];
    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
}

@end
