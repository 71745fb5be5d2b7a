/// Inverse DCTs of one block, in libjpeg's accurate integer arithmetic (`jidctint.c`,
/// `jidctred.c`), so that the pixels are the ones `djpeg` prints. All arithmetic is on `Int`
/// (64 bits): a coefficient times a 16-bit quantizer times a constant cannot overflow it.
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

    @inline(__always)
    private static func sample(_ value: Int) -> UInt8 {
        let shifted = value + 128
        return shifted < 0 ? 0 : shifted > 255 ? 255 : UInt8(shifted)
    }

    @inline(__always)
    private static func descale(_ value: Int, _ bits: Int) -> Int {
        (value + (1 << (bits - 1))) >> bits
    }

    /// One pixel from the DC coefficient alone: the block's mean (libjpeg's 1×1 IDCT).
    @inline(__always)
    static func dcOnly(_ coefficient: Int16, quantizer: UInt16) -> UInt8 {
        sample(descale(Int(coefficient) * Int(quantizer), 3))
    }

    /// The 2×2 reduced IDCT: four pixels from the coefficients whose row and column are in
    /// {0, 1, 3, 5, 7}, the block scaled to a quarter of its side.
    static func reduced2x2(
        _ input: UnsafePointer<Int16>, quantizers: UnsafePointer<UInt16>,
        output: UnsafeMutablePointer<UInt8>, stride: Int
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
                    let value = sample(descale(line[0], pass1Bits + 3))
                    out[0] = value
                    out[1] = value
                    continue
                }
                let even = line[0] << (constantBits + 2)
                let odd =
                    line[7] * -fix0point720959822 + line[5] * fix0point850430095
                    + line[3] * -fix1point272758580 + line[1] * fix3point624509785
                out[0] = sample(descale(even + odd, constantBits + pass1Bits + 3 + 2))
                out[1] = sample(descale(even - odd, constantBits + pass1Bits + 3 + 2))
            }
        }
    }

    /// The accurate 8×8 integer IDCT (Loeffler, Ligtenberg and Moschytz, as libjpeg's
    /// `jpeg_idct_islow`): columns into a workspace, then rows into `output`.
    static func full8x8(
        _ input: UnsafePointer<Int16>, quantizers: UnsafePointer<UInt16>,
        output: UnsafeMutablePointer<UInt8>, stride: Int,
        workspace work: UnsafeMutablePointer<Int>
    ) {
        for column in 0..<8 {
            if input[8 + column] == 0, input[16 + column] == 0, input[24 + column] == 0,
                input[32 + column] == 0, input[40 + column] == 0, input[48 + column] == 0,
                input[56 + column] == 0
            {
                let dc = (Int(input[column]) * Int(quantizers[column])) << pass1Bits
                for row in 0..<8 { work[row * 8 + column] = dc }
                continue
            }
            let values = (
                Int(input[column]) * Int(quantizers[column]),
                Int(input[8 + column]) * Int(quantizers[8 + column]),
                Int(input[16 + column]) * Int(quantizers[16 + column]),
                Int(input[24 + column]) * Int(quantizers[24 + column]),
                Int(input[32 + column]) * Int(quantizers[32 + column]),
                Int(input[40 + column]) * Int(quantizers[40 + column]),
                Int(input[48 + column]) * Int(quantizers[48 + column]),
                Int(input[56 + column]) * Int(quantizers[56 + column])
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
                let value = sample(descale(line[0], pass1Bits + 3))
                for column in 0..<8 { out[column] = value }
                continue
            }
            let result = butterfly(
                (line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7]),
                shift: constantBits + pass1Bits + 3)
            out[0] = sample(result.0)
            out[1] = sample(result.1)
            out[2] = sample(result.2)
            out[3] = sample(result.3)
            out[4] = sample(result.4)
            out[5] = sample(result.5)
            out[6] = sample(result.6)
            out[7] = sample(result.7)
        }
    }

    /// One 8-point pass of the islow IDCT, descaled by `shift` bits.
    @inline(__always)
    private static func butterfly(
        _ v: (Int, Int, Int, Int, Int, Int, Int, Int), shift: Int
    ) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part.
        var z2 = v.2
        var z3 = v.6
        var z1 = (z2 + z3) * fix0point541196100
        var tmp2 = z1 + z3 * -fix1point847759065
        var tmp3 = z1 + z2 * fix0point765366865
        z2 = v.0
        z3 = v.4
        var tmp0 = (z2 + z3) << constantBits
        var tmp1 = (z2 - z3) << constantBits
        let tmp10 = tmp0 + tmp3
        let tmp13 = tmp0 - tmp3
        let tmp11 = tmp1 + tmp2
        let tmp12 = tmp1 - tmp2
        // Odd part.
        tmp0 = v.7
        tmp1 = v.5
        tmp2 = v.3
        tmp3 = v.1
        z1 = tmp0 + tmp3
        z2 = tmp1 + tmp2
        z3 = tmp0 + tmp2
        var z4 = tmp1 + tmp3
        let z5 = (z3 + z4) * fix1point175875602
        tmp0 *= fix0point298631336
        tmp1 *= fix2point053119869
        tmp2 *= fix3point072711026
        tmp3 *= fix1point501321110
        z1 *= -fix0point899976223
        z2 *= -fix2point562915447
        z3 = z3 * -fix1point961570560 + z5
        z4 = z4 * -fix0point390180644 + z5
        tmp0 += z1 + z3
        tmp1 += z2 + z4
        tmp2 += z2 + z3
        tmp3 += z1 + z4
        return (
            descale(tmp10 + tmp3, shift), descale(tmp11 + tmp2, shift),
            descale(tmp12 + tmp1, shift), descale(tmp13 + tmp0, shift),
            descale(tmp13 - tmp0, shift), descale(tmp12 - tmp1, shift),
            descale(tmp11 - tmp2, shift), descale(tmp10 - tmp3, shift)
        )
    }
}
