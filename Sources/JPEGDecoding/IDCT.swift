/// Inverse DCTs of one block, in libjpeg's accurate integer arithmetic (`jidctint.c`,
/// `jidctred.c`), so that the pixels are the ones `djpeg` prints. All arithmetic is on `Int`
/// (64 bits): a coefficient times a 16-bit quantizer times a constant cannot overflow it, so
/// the arithmetic wraps instead of checking.
enum IDCT {
    private static let constantBits = 13
    private static let pass1Bits = 2

    private static let fix0point298631336 = 2446
    private static let fix0point390180644 = 3196
    private static let fix0point541196100 = 4433
    private static let fix0point765366865 = 6270
    private static let fix0point899976223 = 7373
    private static let fix1point175875602 = 9633
    private static let fix1point501321110 = 12299
    private static let fix1point847759065 = 15137
    private static let fix1point961570560 = 16069
    private static let fix2point053119869 = 16819
    private static let fix2point562915447 = 20995
    private static let fix3point072711026 = 25172
    private static let fix0point720959822 = 5906
    private static let fix0point850430095 = 6967
    private static let fix1point272758580 = 10426
    private static let fix3point624509785 = 29692

    /// libjpeg's post-IDCT range limit, indexed by a centred sample's low 10 bits: -512…511
    /// clamp to 0…255 (after adding 128), and a value beyond wraps as it does in libjpeg. A
    /// table instead of comparisons, because clamping branches mispredict on every edge.
    static let rangeLimit: [UInt8] = (0..<1024).map { index in
        let value = index < 512 ? index : index - 1024
        return UInt8(min(max(value + 128, 0), 255))
    }

    @inline(__always)
    private static func sample(_ value: Int, _ limit: UnsafePointer<UInt8>) -> UInt8 {
        limit[value & 1023]
    }

    @inline(__always)
    private static func descale(_ value: Int, _ bits: Int) -> Int {
        (value &+ (1 &<< (bits &- 1))) &>> bits
    }

    /// One pixel from the DC coefficient alone: the block's mean (libjpeg's 1×1 IDCT).
    @inline(__always)
    static func dcOnly(
        _ coefficient: Int16, quantizer: UInt16, limit: UnsafePointer<UInt8>
    ) -> UInt8 {
        sample(descale(Int(coefficient) &* Int(quantizer), 3), limit)
    }

    /// The 2×2 reduced IDCT: four pixels from the coefficients whose row and column are in
    /// {0, 1, 3, 5, 7}, the block scaled to a quarter of its side.
    static func reduced2x2(
        _ input: UnsafePointer<Int16>, quantizers: UnsafePointer<UInt16>,
        output: UnsafeMutablePointer<UInt8>, stride: Int, limit: UnsafePointer<UInt8>
    ) {
        var workspace:
            (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &workspace) { raw in
            let work = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Int.self)
            for column in 0..<8 where column != 2 && column != 4 && column != 6 {
                func value(_ row: Int) -> Int {
                    Int(input[row * 8 + column]) * Int(quantizers[row * 8 + column])
                }
                if input[8 + column] == 0, input[24 + column] == 0, input[40 + column] == 0,
                    input[56 + column] == 0
                {
                    let dc = value(0) << pass1Bits
                    work[column] = dc
                    work[8 + column] = dc
                    continue
                }
                let even = value(0) << (constantBits + 2)
                let odd =
                    value(7) * -fix0point720959822 + value(5) * fix0point850430095
                    + value(3) * -fix1point272758580 + value(1) * fix3point624509785
                work[column] = descale(even + odd, constantBits - pass1Bits + 2)
                work[8 + column] = descale(even - odd, constantBits - pass1Bits + 2)
            }
            for row in 0..<2 {
                let line = work + row * 8
                let out = output + row * stride
                if line[1] == 0, line[3] == 0, line[5] == 0, line[7] == 0 {
                    let value = sample(descale(line[0], pass1Bits + 3), limit)
                    out[0] = value
                    out[1] = value
                    continue
                }
                let even = line[0] << (constantBits + 2)
                let odd =
                    line[7] * -fix0point720959822 + line[5] * fix0point850430095
                    + line[3] * -fix1point272758580 + line[1] * fix3point624509785
                out[0] = sample(descale(even + odd, constantBits + pass1Bits + 3 + 2), limit)
                out[1] = sample(descale(even - odd, constantBits + pass1Bits + 3 + 2), limit)
            }
        }
    }

    /// The accurate 8×8 integer IDCT (Loeffler, Ligtenberg and Moschytz, as libjpeg's
    /// `jpeg_idct_islow`): columns into a workspace, then rows into `output`.
    static func full8x8(
        _ input: UnsafePointer<Int16>, quantizers: UnsafePointer<UInt16>,
        output: UnsafeMutablePointer<UInt8>, stride: Int,
        workspace work: UnsafeMutablePointer<Int>, limit: UnsafePointer<UInt8>
    ) {
        for column in 0..<8 {
            if input[8 + column] == 0, input[16 + column] == 0, input[24 + column] == 0,
                input[32 + column] == 0, input[40 + column] == 0, input[48 + column] == 0,
                input[56 + column] == 0
            {
                let dc = (Int(input[column]) &* Int(quantizers[column])) << pass1Bits
                for row in 0..<8 { work[row * 8 + column] = dc }
                continue
            }
            let values = (
                Int(input[column]) &* Int(quantizers[column]),
                Int(input[8 + column]) &* Int(quantizers[8 + column]),
                Int(input[16 + column]) &* Int(quantizers[16 + column]),
                Int(input[24 + column]) &* Int(quantizers[24 + column]),
                Int(input[32 + column]) &* Int(quantizers[32 + column]),
                Int(input[40 + column]) &* Int(quantizers[40 + column]),
                Int(input[48 + column]) &* Int(quantizers[48 + column]),
                Int(input[56 + column]) &* Int(quantizers[56 + column])
            )
            let result = butterfly(values, shift: constantBits - pass1Bits)
            work[column] = result.0
            work[8 + column] = result.1
            work[16 + column] = result.2
            work[24 + column] = result.3
            work[32 + column] = result.4
            work[40 + column] = result.5
            work[48 + column] = result.6
            work[56 + column] = result.7
        }
        for row in 0..<8 {
            let line = work + row * 8
            let out = output + row * stride
            if line[1] == 0, line[2] == 0, line[3] == 0, line[4] == 0, line[5] == 0,
                line[6] == 0, line[7] == 0
            {
                let value = sample(descale(line[0], pass1Bits + 3), limit)
                for column in 0..<8 { out[column] = value }
                continue
            }
            let result = butterfly(
                (line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7]),
                shift: constantBits + pass1Bits + 3)
            out[0] = sample(result.0, limit)
            out[1] = sample(result.1, limit)
            out[2] = sample(result.2, limit)
            out[3] = sample(result.3, limit)
            out[4] = sample(result.4, limit)
            out[5] = sample(result.5, limit)
            out[6] = sample(result.6, limit)
            out[7] = sample(result.7, limit)
        }
    }

    /// One 8-point pass of the islow IDCT, descaled by `shift` bits. Wrapping arithmetic:
    /// the operands are bounded (see the type's comment), so no check is needed.
    @inline(__always)
    private static func butterfly(
        _ v: (Int, Int, Int, Int, Int, Int, Int, Int), shift: Int
    ) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part.
        let z1 = (v.2 &+ v.6) &* fix0point541196100
        let even2 = z1 &+ v.6 &* -fix1point847759065
        let even3 = z1 &+ v.2 &* fix0point765366865
        let even0 = (v.0 &+ v.4) &<< constantBits
        let even1 = (v.0 &- v.4) &<< constantBits
        let tmp10 = even0 &+ even3
        let tmp13 = even0 &- even3
        let tmp11 = even1 &+ even2
        let tmp12 = even1 &- even2
        // Odd part.
        let z5 = (v.7 &+ v.3 &+ v.5 &+ v.1) &* fix1point175875602
        let odd1 = (v.7 &+ v.1) &* -fix0point899976223
        let odd2 = (v.5 &+ v.3) &* -fix2point562915447
        let odd3 = (v.7 &+ v.3) &* -fix1point961570560 &+ z5
        let odd4 = (v.5 &+ v.1) &* -fix0point390180644 &+ z5
        let tmp0 = v.7 &* fix0point298631336 &+ odd1 &+ odd3
        let tmp1 = v.5 &* fix2point053119869 &+ odd2 &+ odd4
        let tmp2 = v.3 &* fix3point072711026 &+ odd2 &+ odd3
        let tmp3 = v.1 &* fix1point501321110 &+ odd1 &+ odd4
        let round = 1 &<< (shift &- 1)
        return (
            (tmp10 &+ tmp3 &+ round) &>> shift, (tmp11 &+ tmp2 &+ round) &>> shift,
            (tmp12 &+ tmp1 &+ round) &>> shift, (tmp13 &+ tmp0 &+ round) &>> shift,
            (tmp13 &- tmp0 &+ round) &>> shift, (tmp12 &- tmp1 &+ round) &>> shift,
            (tmp11 &- tmp2 &+ round) &>> shift, (tmp10 &- tmp3 &+ round) &>> shift
        )
    }
}
