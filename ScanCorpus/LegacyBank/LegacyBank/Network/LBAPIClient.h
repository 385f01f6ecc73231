//
//  LBAPIClient.h
//  LegacyBank
//
//  Copyright (c) 2016 LegacyBank. See http://legacybank.example.com/oss for third-party notices.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// The bank's JSON API client.
///
/// Base URL: https://api.legacybank.example.com (the old http://api.legacybank.example.com endpoint is gone).
@interface LBAPIClient : NSObject <NSURLSessionDelegate, NSURLConnectionDelegate>

+ (instancetype)sharedClient;

@property (nonatomic, copy, nullable) NSString *authToken;

- (void)fetchAccountsWithCompletion:(void (^)(NSArray *_Nullable accounts, NSError *_Nullable error))completion;
- (void)fetchExchangeRates;

@end

NS_ASSUME_NONNULL_END
