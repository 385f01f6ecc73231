import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import RampartTestKit

/// The private folder an ``NginxServer`` runs from: its `nginx.conf`, certificate files and static files.
extension NginxServer {
    /// Writes the configuration, certificate files and static files into `folder` (mode 0700).
    static func writeFiles(_ configuration: NginxServerConfiguration, ports: (Int, Int), to folder: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = try configuration.chain.export(to: folder)  // chain.pem and key.pem (0600), named in nginx.conf
        let served = folder.appendingPathComponent("www/files")
        try files.createDirectory(at: served, withIntermediateDirectories: true)
        for (name, count) in [("1k.bin", 1 << 10), ("1m.bin", 1 << 20), ("16m.bin", 16 << 20)] {
            try Data(LabPattern.bytes(count: count)).write(to: served.appendingPathComponent(name))
        }
        try files.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        if let verification = configuration.clientVerification {
            let pem = try verification.trustedCAs.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n")
            try Data((pem + "\n").utf8).write(to: folder.appendingPathComponent("client-ca.pem"))
        }
        try Data(configurationText(configuration, ports: ports, folder: folder.path).utf8)
            .write(to: folder.appendingPathComponent("nginx.conf"))
    }

    /// The `ssl_verify_client` lines of the TLS server, or nothing.
    static func clientVerificationText(_ configuration: NginxServerConfiguration, folder: String) -> String {
        guard let verification = configuration.clientVerification else { return "" }
        return """
                    ssl_client_certificate "\(folder)/client-ca.pem";
                    ssl_verify_client \(verification.mode.rawValue);
                    ssl_verify_depth 2;
            """
    }

    /// The TLS server's `ssl_protocols`, `ssl_ciphers` and `ssl_prefer_server_ciphers` lines, each
    /// only when set (nginx's default otherwise).
    static func tlsText(_ configuration: NginxServerConfiguration) -> String {
        var lines: [String] = []
        if let protocols = configuration.tlsProtocols { lines.append("ssl_protocols \(protocols);") }
        if let ciphers = configuration.tlsCiphers { lines.append("ssl_ciphers \(ciphers);") }
        if let prefer = configuration.preferServerCiphers {
            lines.append("ssl_prefer_server_ciphers \(prefer ? "on" : "off");")
        }
        return lines.map { "            " + $0 }.joined(separator: "\n")
    }

    /// The `nginx.conf` text.
    static func configurationText(_ configuration: NginxServerConfiguration, ports: (Int, Int), folder: String)
        -> String
    {
        let locations = """
                    location / {
                        default_type text/plain;
                        return 200 "hello from nginx\\n";
                    }
                    location = /redirect {
                        return 301 /;
                    }
                    location = /redirect-to-http {
                        return 302 http://127.0.0.1:\(ports.1)/;
                    }
                    location = /status/404 {
                        return 404;
                    }
                    location = /redirect-to-ip {
                        return 302 $scheme://127.0.0.1:$server_port/;
                    }
                    location = /trailers {
                        default_type text/plain;
                        add_trailer X-Lab-Trailer "sent after the body";
                        return 200 "a body with a trailer\n";
                    }
                    location = /client-verify {
                        default_type text/plain;
                        return 200 "$ssl_client_verify $ssl_client_s_dn\\n";
                    }
                    location = /redirect-to-ip/client-verify {
                        return 302 $scheme://127.0.0.1:$server_port/client-verify;
                    }
                    location /files/ {
                        root "\(folder)/www";
                    }
            """
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid "\(folder)/nginx.pid";
            error_log "\(folder)/error.log" notice;
            events {
                worker_connections 512;
            }
            http {
                access_log "\(folder)/access.log";
                client_body_temp_path "\(folder)/temp/client_body";
                proxy_temp_path "\(folder)/temp/proxy";
                fastcgi_temp_path "\(folder)/temp/fastcgi";
                uwsgi_temp_path "\(folder)/temp/uwsgi";
                scgi_temp_path "\(folder)/temp/scgi";
                default_type application/octet-stream;
                keepalive_requests \(configuration.keepaliveRequests);
                keepalive_timeout 60s;
                server {
                    listen 127.0.0.1:\(ports.0) ssl\(configuration.http2 ? " http2" : "");
                    http2_max_concurrent_streams 128;
                    server_name localhost;
                    ssl_certificate "\(folder)/chain.pem";
                    ssl_certificate_key "\(folder)/key.pem";
            \(tlsText(configuration))
            \(clientVerificationText(configuration, folder: folder))
            \(locations)
                }
                server {
                    listen 127.0.0.1:\(ports.1);
                    server_name localhost;
            \(locations)
                }
            }

            """
    }
}
