//
//  LBWebViewController.m
//  LegacyBank
//
//  Branch finder and statements, rendered in web views.
//

#import <UIKit/UIKit.h>
#import <WebKit/WebKit.h>

@interface LBWebViewController : UIViewController <WKNavigationDelegate, UIWebViewDelegate>
@property (nonatomic, copy) NSString *customerName;
@end

@implementation LBWebViewController {
    WKWebView *_webView;
    UIWebView *_legacyWebView; // expect: RS-PLATFORM-001
}

- (void)viewDidLoad {
    [super viewDidLoad];
    _webView = [[WKWebView alloc] initWithFrame:self.view.bounds configuration:[WKWebViewConfiguration new]];
    _webView.navigationDelegate = self;
    [self.view addSubview:_webView];
}

- (void)showLegacyStatement:(NSURL *)url {
    _legacyWebView = [[UIWebView alloc] initWithFrame:self.view.bounds]; // expect: RS-PLATFORM-001
    [_legacyWebView loadRequest:[NSURLRequest requestWithURL:url]];
    [self.view addSubview:_legacyWebView];
}

- (void)showGreeting {
    NSString *html = [NSString stringWithFormat:@"<html><body><h2>Welcome, %@</h2></body></html>", self.customerName];
    [_webView loadHTMLString:html baseURL:nil]; // expect: RS-PLATFORM-002
}

- (void)searchBranches:(NSString *)query {
    NSString *script = [NSString stringWithFormat:@"searchBranches('%@');", query];
    [_webView evaluateJavaScript:script completionHandler:nil]; // expect: RS-PLATFORM-002
}

- (void)showDisclaimer {
    NSString *path = [[NSBundle mainBundle] pathForResource:@"disclaimer" ofType:@"html"];
    NSString *html = [NSString stringWithContentsOfFile:path encoding:NSUTF8StringEncoding error:NULL];
    [_webView loadHTMLString:html baseURL:[[NSBundle mainBundle] bundleURL]];
}

- (void)scrollToTop {
    [_webView evaluateJavaScript:@"window.scrollTo(0, 0);" completionHandler:nil];
}

#pragma mark - WKNavigationDelegate

// expect-begin: RS-NET-005
- (void)webView:(WKWebView *)webView
    didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
                    completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
    NSURLCredential *credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
    completionHandler(NSURLSessionAuthChallengeUseCredential, credential);
}
// expect-end: RS-NET-005

- (void)webView:(WKWebView *)webView didFailProvisionalNavigation:(WKNavigation *)navigation withError:(NSError *)error {
    NSLog(@"Navigation failed: %@", error.localizedDescription);
}

@end
