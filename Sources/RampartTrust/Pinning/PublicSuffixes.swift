/// A small built-in list of public suffixes: the generic top-level domains, every two-letter
/// country code, and the common second-level registries (`co.uk`, `com.au`…). Not the full
/// Public Suffix List — enough to refuse the mistakes people make, which is what the pinning
/// configuration check needs.
enum PublicSuffixes {
    static func contains(_ domain: String) -> Bool {
        if !domain.contains(".") { return true }
        return secondLevel.contains(domain)
    }

    private static let secondLevel: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "ltd.uk", "plc.uk", "com.au", "net.au", "org.au", "edu.au",
        "gov.au", "co.nz", "org.nz", "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp", "com.br", "net.br", "org.br",
        "com.cn", "net.cn", "org.cn", "gov.cn", "co.in", "net.in", "org.in", "co.za", "org.za", "com.mx", "com.ar",
        "com.tr", "com.tw", "com.hk", "com.sg", "co.kr", "or.kr", "co.il", "org.il", "com.es", "co.id", "or.id",
        "com.my", "com.ph", "com.pk", "com.ua", "com.ru", "co.th", "com.vn", "com.eg", "com.sa", "github.io",
        "herokuapp.com", "appspot.com", "cloudfront.net", "azurewebsites.net", "blogspot.com", "netlify.app",
        "vercel.app", "pages.dev", "workers.dev", "s3.amazonaws.com",
    ]
}
