//
//  LBCryptoTests.m
//  LegacyBankTests
//

#import <CommonCrypto/CommonCrypto.h>
#import <XCTest/XCTest.h>

@interface LBCryptoTests : XCTestCase
@end

@implementation LBCryptoTests

- (void)testLegacyServerVectors {
    NSData *key = [@"0123456789abcdef01234567" dataUsingEncoding:NSUTF8StringEncoding];
    uint8_t output[32];
    size_t moved = 0;
    CCCrypt(kCCEncrypt, kCCAlgorithm3DES, kCCOptionECBMode, key.bytes, kCCKeySize3DES, NULL, "12345678", 8, output,
            sizeof(output), &moved);
    XCTAssertEqual(moved, 8u);
}

- (void)testLoginFixture {
    NSString *password = @"fixture-password";
    NSLog(@"Using fixture password %@", password);
    NSURL *url = [NSURL URLWithString:@"http://127.0.0.1:8080/login"];
    XCTAssertNotNil(url);
}

@end
