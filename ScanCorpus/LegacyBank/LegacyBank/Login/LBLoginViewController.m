//
//  LBLoginViewController.m
//  LegacyBank
//

#import <UIKit/UIKit.h>
#import <os/log.h>

@interface LBLoginViewController : UIViewController
@property (nonatomic, weak) IBOutlet UITextField *usernameField;
@property (nonatomic, weak) IBOutlet UITextField *passwordField;
@end

@implementation LBLoginViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.usernameField.text = [[NSUserDefaults standardUserDefaults] stringForKey:@"LBLastUsername"];
}

- (IBAction)loginTapped:(id)sender {
    NSString *username = self.usernameField.text;
    NSString *password = self.passwordField.text;
    NSLog(@"Logging in user %@ with password %@", username, password); // expect: RS-STORAGE-006
    os_log(OS_LOG_DEFAULT, "Login attempt for %{private}@", username);
    NSLog(@"Login button tapped");

    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    [defaults setObject:username forKey:@"LBLastUsername"];
    [defaults setObject:password forKey:@"LBPassword"]; // expect: RS-STORAGE-002
    [defaults setBool:YES forKey:@"LBHasLoggedInBefore"];
    [defaults synchronize];

    [self authenticateUser:username password:password];
}

- (void)authenticateUser:(NSString *)username password:(NSString *)password {
    NSDictionary *response = @{ @"token" : @"", @"pin" : @"" };
    NSString *sessionToken = response[@"token"];
    os_log_debug(OS_LOG_DEFAULT, "Session token: %{public}@", sessionToken); // expect: RS-STORAGE-006
    os_log_info(OS_LOG_DEFAULT, "Session established for %{private}@", username);
    [[NSUserDefaults standardUserDefaults] setValue:sessionToken forKey:@"sessionToken"]; // expect: RS-STORAGE-002
    [[NSUserDefaults standardUserDefaults] setValue:@"en" forKey:@"preferredLanguage"];
}

- (IBAction)copyAccountNumberTapped:(id)sender {
    [UIPasteboard generalPasteboard].string = @"DE89 3704 0044 0532 0130 00";
}

- (IBAction)copyPasswordTapped:(id)sender {
    [[UIPasteboard generalPasteboard] setString:self.passwordField.text]; // expect: RS-PLATFORM-004
}

- (IBAction)copyOneTimeCodeTapped:(id)sender {
    NSString *otp = [self currentOneTimePassword];
    [UIPasteboard generalPasteboard].string = otp; // expect: RS-PLATFORM-004
}

- (IBAction)copyOneTimeCodeLocallyTapped:(id)sender {
    NSString *otp = [self currentOneTimePassword];
    UIPasteboard *pasteboard = [UIPasteboard pasteboardWithUniqueName];
    pasteboard.string = otp;
}

- (NSString *)currentOneTimePassword {
    return @"000000";
}

- (void)rememberSessionCookie:(NSString *)sessionToken {
    // expect-begin: RS-STORAGE-005
    NSDictionary *properties = @{
        NSHTTPCookieDomain : @"legacybank.example.com",
        NSHTTPCookiePath : @"/",
        NSHTTPCookieName : @"LBSESSION",
        NSHTTPCookieValue : sessionToken,
        NSHTTPCookieExpires : [NSDate dateWithTimeIntervalSinceNow:60 * 60 * 24 * 90],
    };
    NSHTTPCookie *cookie = [NSHTTPCookie cookieWithProperties:properties];
    [[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookie:cookie];
    // expect-end: RS-STORAGE-005
}

- (void)rememberThemeCookie:(NSString *)theme {
    NSDictionary *properties = @{
        NSHTTPCookieDomain : @"legacybank.example.com",
        NSHTTPCookiePath : @"/",
        NSHTTPCookieName : @"theme",
        NSHTTPCookieValue : theme,
        NSHTTPCookieExpires : [NSDate dateWithTimeIntervalSinceNow:60 * 60 * 24 * 90],
    };
    [[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookie:[NSHTTPCookie cookieWithProperties:properties]];
}

- (void)rememberAuthCookie:(NSString *)authToken {
    // expect-begin: RS-STORAGE-005
    NSMutableDictionary *properties = [NSMutableDictionary dictionary];
    properties[NSHTTPCookieDomain] = @"legacybank.example.com";
    properties[NSHTTPCookiePath] = @"/";
    properties[NSHTTPCookieName] = @"auth_token";
    properties[NSHTTPCookieValue] = authToken;
    [[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookie:[NSHTTPCookie cookieWithProperties:properties]];
    // expect-end: RS-STORAGE-005
}

@end
