import CNettle

/// MD5 through nettle (the thumbnail standard names files by the MD5 of their URI; nothing else here is hashed).
public enum MD5Digest {
    /// The 32 lowercase hex digits of the MD5 of `bytes`.
    public static func hex(of bytes: some Collection<UInt8>) -> String {
        hex(digest: digest(of: bytes))
    }

    /// The 16 bytes of the MD5 of `bytes`.
    public static func digest(of bytes: some Collection<UInt8>) -> [UInt8] {
        var context = md5_ctx()
        nettle_md5_init(&context)
        Array(bytes).withUnsafeBufferPointer { nettle_md5_update(&context, $0.count, $0.baseAddress) }
        var digest = [UInt8](repeating: 0, count: Int(MD5_DIGEST_SIZE))
        digest.withUnsafeMutableBufferPointer { nettle_md5_digest(&context, $0.count, $0.baseAddress) }
        return digest
    }

    /// `digest`'s bytes as lowercase hex digits, two each.
    public static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }
}
