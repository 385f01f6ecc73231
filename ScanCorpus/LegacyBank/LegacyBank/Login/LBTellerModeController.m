#import "LBTellerModeController.h"

// Branch teller mode: a hidden screen that unlocks cash-desk features on a shared device.

static NSString *const LBTellerPasswordKey = @"LBTellerPassword";
static NSString *const LBTellerPasswordDidChangeNotification = @"LBTellerPasswordDidChangeNotification";
static NSString *const LBTellerKeychainService = @"com.legacybank.teller.password";
static NSString *const LBTellerSessionToken = @"LBTellerSessionToken";
static NSString *const LBTellerPassword = @"Cashd3sk!"; // expect: RS-CRYPTO-007
static NSString *const LBGoogleAnalyticsApiKey = @"UA-5523-7";
static NSString *const LBID3PassKeyFrame = @"TPE1";
#define LBTellerMasterPassword @"m4sterTeller" // expect: RS-CRYPTO-007
#define LBTellerPINKey @"TellerPIN"

@implementation LBTellerModeController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.passwordLabel.text = NSLocalizedString(@"Teller password", @"label above the teller password");
    self.passwordField.placeholder = @"Password";
    self.lastPassword = @"";
    self.maskedPassword = @"********";
    self.secret = @"<secret>";
    self.demoPassword = @"t3ll3rDemo"; // expect: RS-CRYPTO-007
}

- (IBAction)unlock:(id)sender {
    if ([self.passwordField.text isEqualToString:@"Br4nch#77"]) { // expect: RS-CRYPTO-007
        [self enableCashDesk];
    } else if ([self.branchCodeField.text isEqualToString:@"desk-204"]) { // expect: RS-CRYPTO-007
        [self enableCashDesk];
    } else if ([self.passwordField.text isEqualToString:@""]) {
        [self showError:NSLocalizedString(@"EmptyTellerPassword", nil)];
    }
    [[NSNotificationCenter defaultCenter] postNotificationName:LBTellerPasswordDidChangeNotification object:nil];
}

- (NSString *)passwordErrorMessage {
    return [NSString stringWithFormat:@"%@ password", self.tellerName];
}

@end
