import Foundation
import RampartValidation

/// Chapter: input contracts. A hostile API response is refused with the key path and the rule it
/// broke; a JPEG with a ZIP archive appended is refused as a polyglot; the classic e-mail regular
/// expression and RampartValidation's check disagree both ways.
struct InputContractsChapter: DemoChapter {
    let title = "Input contracts: API responses, uploaded images and e-mail addresses checked for real"

    struct Item: JSONContract {
        @Bounded(1...40) var name = "x"
        @Bounded(0...1_000_000) var priceCents = 0
    }

    struct Page: JSONContract {
        @Bounded(0...100) var items: [Item] = []
        var next: String? = nil
    }

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        var steps: [DemoStep] = []
        let decoder = ContractDecoder(
            limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8, maxStringBytes: 4096, maxElements: 1000))
        let honest = #"{"items":[{"name":"Tea","priceCents":350},{"name":"Cake","priceCents":420}],"next":null}"#
        steps.append(decode("A response that keeps its contract decodes", honest, decoder, expected: .allowed))
        let hostile =
            #"{"items":[{"name":"Tea","priceCents":350},{"name":"Cake","priceCents":420},"#
            + #"{"name":"\#(String(repeating: "A", count: 300))","priceCents":1}],"next":null}"#
        steps.append(decode("A response with a 300-character name is refused", hostile, decoder, expected: .blocked))
        let escalation = #"{"items":[{"name":"Tea","priceCents":350,"isAdmin":true}]}"#
        steps.append(
            decode("A response with a key the contract lacks is refused", escalation, decoder, expected: .blocked))
        let truncation = #"{"items":[{"name":"Tea","priceCents":3.99}]}"#
        steps.append(
            decode(
                "A fraction where an integer is promised is refused, not truncated", truncation, decoder,
                expected: .blocked))

        let upload = Data(base64Encoded: Self.polyglot.joined()) ?? Data()
        let inspector = ImageInspector(limits: ImageLimits(maxPixels: 50_000_000))
        steps.append(
            image("The photo alone is a valid JPEG", upload.prefix(Self.photoLength), inspector, expected: .allowed))
        steps.append(
            image("The same photo with a ZIP archive appended is refused", upload, inspector, expected: .blocked))

        steps.append(
            email(
                "The classic regex accepts john..doe@example.com; the check refuses it", "john..doe@example.com",
                expected: .blocked))
        steps.append(
            email(
                "The classic regex refuses o'brien@example.photography; the check accepts it",
                "o'brien@example.photography", expected: .allowed))
        return steps
    }

    private func decode(_ title: String, _ json: String, _ decoder: ContractDecoder, expected: DemoStep.Outcome)
        -> DemoStep
    {
        do {
            let page = try decoder.decode(Page.self, from: Data(json.utf8))
            return DemoStep(
                title: title, expected: expected, observed: .allowed,
                details: ["decoded \(page.items.count) items: \(page.items.map(\.name).joined(separator: ", "))"])
        } catch {
            return DemoStep(
                title: title, expected: expected, observed: .blocked,
                details: [
                    "refused at \(error.keyPath.isEmpty ? "the document" : error.keyPath): \(error.rule.rawValue)",
                    String(error.detail.prefix(120)),
                ])
        }
    }

    private func image(_ title: String, _ data: Data, _ inspector: ImageInspector, expected: DemoStep.Outcome)
        -> DemoStep
    {
        let report = inspector.inspect(data)
        let classic = data.starts(with: [0xFF, 0xD8]) && data.suffix(2).elementsEqual([0xFF, 0xD9])
        var details = [
            "\(data.count) bytes: \(report.format.rawValue) \(report.width ?? 0)×\(report.height ?? 0), verdict \(report.verdict.rawValue)"
        ]
        if let problem = report.problem { details.append("\(problem) (byte \(report.offset ?? 0))") }
        details.append("the classic check (starts FF D8, ends FF D9) says \(classic ? "JPEG" : "not a JPEG")")
        return DemoStep(
            title: title, expected: expected, observed: report.isValid ? .allowed : .blocked, details: details)
    }

    private func email(_ title: String, _ address: String, expected: DemoStep.Outcome) -> DemoStep {
        let check = EmailAddressValidator().check(address)
        let pattern = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"#
        let regexAccepts =
            (try? NSRegularExpression(pattern: "^" + pattern + "$"))
            .map { $0.firstMatch(in: address, range: NSRange(address.startIndex..., in: address)) != nil } ?? false
        return DemoStep(
            title: title, expected: expected, observed: check.isValid ? .allowed : .blocked,
            details: [
                "\(pattern): \(regexAccepts ? "accepts" : "refuses")",
                "EmailAddressValidator: "
                    + (check.failedRule.map { "refuses: \($0.rawValue) (\($0.message)) at byte \(check.offset ?? 0)" }
                        ?? "accepts"),
            ])
    }

    /// Pillow's baseline.jpg (64×48) followed by a ZIP archive made by Info-ZIP's zip: the
    /// `polyglots/jpeg-zip.jpg` fixture of RampartValidationTests.
    private static let photoLength = 2413
    private static let polyglot = [
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0d",
        "Hx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4e",
        "Hh4eHh4eHh7/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF",
        "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW",
        "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi",
        "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC",
        "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm",
        "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq",
        "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD6iutIutFtZYdOs5da0OZDDJobCH9zGwxttzJtUpyQYpG2hSAhQII3r2dzZTabDp+oTyah",
        "oN84isb6VnWaCUPhbedjh0mWRQEkOH3qEciUK0vY1z+veGYLyW5vdMFjZajdp5V281mJoL6IrsKXMQZfNAX7p3Bl6A7WdH7KddS0",
        "qaef6+vnv3v055U3HWH3f1+X3WMy4OqXWm/2fL/pXinw75N7E42ot9lZEDjokfnos8RDD90zMQGCo7W729tbrWvCGvadL50Oo+ba",
        "xsVIDW81ubjeAcENm2ixnoGYEZwRxXiHxQfDSQDXp49MudNcG1uryaVpgpZS9uH8v/TLd1UKZk3yJ5kLSwiSMuKa+JtSvbK4k0bw",
        "9JZWMWqR6rbtrFx9kntx9rEd4FCLKdiuJzM7MpjS4IK7NobpnT5bX/DXdW6X01ul6+TetCEqqutvNpfnbXueh2t5bW+v+KtdvJPI",
        "ttPigs5vlLYSGI3LScc9LortAP8Aq85O7AbYPfadZQo0MY1/XLh7iZHO9LY7BkuFPzJFGsUWVwHYJkqZCw4m41vW1N8+paDbS2Gq",
        "6tLNdW2nX/nXLR2vlWrxqsscSOrzRRKV3FnWYqEJJI09B8Sw+JJ7n+zpnOsXCJFqNqGa3uLUIWK2u0gPEqF38y4K5JYiPLMix42T",
        "/DfTZW/B3v6I9BYSoo81rryaaXrZ6fM6NTb22lf2baXc8Wl2X7q8v8kzXMu7DRxlRlpXcne6jdvYqv7wkx27fT5tRgjiu7Z9M0uN",
        "RGmlqI/3iAYxKU3ALwAI0bBUfMWDFFm0nR1heC6vFT7RCu2CCFiLa0XG0JEnC5CkjzCoY7mHyqQg16wnVs/d+/8Ar8/uMZVFHSP3",
        "/wBfn9wUUUVzmBx+i6TY+LdNTxDrEcs0t08kmmzRTvC9taF28loGQh4jJFsZyCHbeVb5VVF8g+L2k+KvAdrNeWtvHeeH5reaxNzC",
        "21o/ORYh58YUBU2fKoQhd6RE7Ujggj9p8DzRaV4dbRL2VLZ9CVrdhKwUi0RmW3mY9CGhRSXHy7hIPlKsq8H8U/HXiOa2ns/C0M2n",
        "xRwzPLdSgLLNsViyoOfLwiStltrFoZEGHjZT6uSVasZxSSceqe3n6P8Apo2xmDdetJxfLZ6Py6eqtsZngCHxJ4wvbi7s7eTTtJub",
        "h7t7u6jbBDStKkMYRl3mOaS5xJuB+cN8jpFt9O1Xw8NP8PNL4dt861YQySWL5VGnl2AeVJ0UxvsRCnCqFTbsMcZTyPwT4u8Y+A9W",
        "k0jWzL4i8NxXUtjblDGlzbCN5wk2XYL5TfZ7gEO/7tYSSUUL5nsms+IYx4Uk1LQ3jur25R4tMgkRgZrsBgsLIcMpDKwcHaUCOW2h",
        "WIrOYVIS1tyPa369b+vyHQxjq1VTpq1ns+vr3T69LGvpd9a6nplrqVjL5tpdwpPBJtK70dQynBAIyCOCM1YqloOmwaNodho9q8jw",
        "WNtHbRNIQXKooUFiABnA5wBV2vHV7amdTl5nybdPQKpapqdpp/lxyvvuZsi3tUIMs5GMhFJGcZGTwFHLEAE1Dfak7XT6bpiedfDA",
        "d2jYwW+RnLsMAsAQRGDuO5fuqS4zrO2mvZ7iGG6d9zbNS1JMo0rKSPs8GDlFUlgSD8mWAJlLum8KfWX9f1/XcqNNLWX9f1/Xc5nx",
        "lYTeI42nvGmiurVmgszpl68bG4BDiCGTaPMYvEjSSOhjjEQAXckki4Gq6N4jsbHV9LEmk65EqJphumDWAiurxIrdWMKrIjGOFrcB",
        "kEQCSOAGLNjv7e6s008eKHgxpNtap/Y9nEg3EEEK8acASShkRE+8BgfKZHQQXWnzWegeGtBumjN5eanDJdzxklTcRlr2VwCBw8kL",
        "jHyhfMyBhdtdcXytcumvT7362W/m/JHS8VJR5Gk4ro/89152er3ucZrVp4iku9ZnurHRNM+xajG7/wCkzXKRW1yLbzZFQLCUjWVG",
        "uftCsrLLbyYx871B4e8H3/hHxDf32lOJ9dghj/tC7kiadjaPlUMVtHtV4CIciFDHLCYCqtOhRH9HmggPj27tr2GO4g1fRUjETqGU",
        "rbyuJVcHjDC7jAHOcPnHGaNjaX1xZHT0uf8AiofD0yx29zcO266tiVZd78llmjXy3cqQJUdlUmJcXTq8sbN3Vlvt06baO6btfXrs",
        "/Przc1aKUfTf79/lexr+G/Elrq+y3dfs98YBN5YJeKZOP3lvNgLPF8yHcnIEiBwjHaNuuFubSxv9N/ta0sr2XS5LqSS9sYHeK6sb",
        "lHeOaa3aFtwcN5iyJGxEgLshZmZZ9G18QPpFrFN4gvrGXRpEBtNfWdRFKpGVNxgBIiwIAdSY3YH/AFZeOM89XDqTvT+7/L/Lf11t",
        "jCq46T+/+vz/ACP/2VBLAwQKAAAAAACIq3ddNIDHyw8AAAAPAAAACgAAAHJlYWRtZS50eHRoaWRkZW4gcGF5bG9hZApQSwECHgMK",
        "AAAAAACIq3ddNIDHyw8AAAAPAAAACgAAAAAAAAABAAAApIEAAAAAcmVhZG1lLnR4dFBLBQYAAAAAAQABADgAAAA3AAAAAAA=",
    ]
}
