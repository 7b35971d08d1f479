import CPhotiCaseQPDF

// The only file that calls qpdf (docs/print-book-design.md §2.3).

/// The pass after cairo: adds what cairo 1.16 cannot write and a printer
/// asks for, copying everything else byte for byte.
///
/// * /OutputIntents on the catalog: one sRGB ICC profile (/N 3,
///   /Alternate /DeviceRGB) shared by a GTS_PDFX and a GTS_PDFA1 intent,
///   condition "sRGB IEC61966-2.1" of http://www.color.org.
/// * On every page, /TrimBox (the media box inset by the bleed) and
///   /BleedBox (the media box), in points with three decimals.
///
/// The output has a deterministic /ID (an MD5 of its content), no object
/// streams (so /Info stays a plain object a byte search finds), and every
/// stream as it was (JPEGs are not decoded; the profile is stored as
/// given). Each call has its own qpdf handle, so calls may run on several
/// threads at once.
public enum PDFFinisher {
    /// The qpdf library the bytes depend on, e.g. "qpdf 11.3.0".
    public static var libraryIdentity: String { "qpdf " + String(cString: qpdf_get_qpdf_version()) }

    /// Reads the PDF at `input` and writes the finished one to `output`
    /// (paths; `/proc/self/fd/N/name` reaches a file beneath a folder
    /// handle). `outputIntentProfile` is an RGB ICC profile's bytes, which
    /// qpdf does not check. A warning from qpdf (a damaged input it could
    /// repair) is an error here: the input is cairo's and must be clean.
    public static func finish(input: String, output: String, boxes: PDFPageBoxes,
                              outputIntentProfile: [UInt8]) throws(DocumentError) {
        precondition(!outputIntentProfile.isEmpty, "an output intent needs an ICC profile")
        let q = QPDFHandle()
        try q.run("reading \(input)") { qpdf_read($0, input, nil) }
        try addOutputIntents(q, profile: outputIntentProfile)
        try setBoxes(q, boxes: boxes, input: input)
        try q.run("writing \(output)") { qpdf_init_write($0, output) }
        qpdf_set_deterministic_ID(q.data, QPDF_TRUE)
        qpdf_set_object_stream_mode(q.data, qpdf_o_disable)
        qpdf_set_stream_data_mode(q.data, qpdf_s_preserve)
        qpdf_set_decode_level(q.data, qpdf_dl_none)
        try q.run("writing \(output)") { qpdf_write($0) }
        try q.checkWarnings("finishing \(input)")
    }

    /// The ICC stream and the two intents that share it, on the catalog.
    private static func addOutputIntents(_ q: QPDFHandle, profile: [UInt8]) throws(DocumentError) {
        let doing = "adding the output intents"
        let d = q.data
        let icc = try q.value(doing) { qpdf_oh_new_stream($0) }
        profile.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(d, icc, $0.baseAddress, $0.count, qpdf_oh_new_null(d), qpdf_oh_new_null(d))
        }
        let dict = try q.value(doing) { qpdf_oh_get_dict($0, icc) }
        qpdf_oh_replace_key(d, dict, "/N", qpdf_oh_new_integer(d, 3))
        qpdf_oh_replace_key(d, dict, "/Alternate", qpdf_oh_new_name(d, "/DeviceRGB"))
        let intents = qpdf_oh_new_array(d)
        for subtype in ["/GTS_PDFX", "/GTS_PDFA1"] {
            let intent = try q.value(doing) {
                qpdf_oh_parse($0, "<< /Type /OutputIntent /S \(subtype) /OutputConditionIdentifier (sRGB IEC61966-2.1)"
                                  + " /RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) >>")
            }
            qpdf_oh_replace_key(d, intent, "/DestOutputProfile", icc)
            qpdf_oh_append_item(d, intents, qpdf_make_indirect_object(d, intent))
        }
        qpdf_oh_replace_key(d, qpdf_get_root(d), "/OutputIntents", intents)
        try q.check(doing)
    }

    /// /TrimBox and /BleedBox on every page, from its own /MediaBox (cairo
    /// writes one on each page).
    private static func setBoxes(_ q: QPDFHandle, boxes: PDFPageBoxes, input: String) throws(DocumentError) {
        let d = q.data
        let count = qpdf_get_num_pages(d)
        try q.check("reading the pages of \(input)")
        for n in 0..<max(0, Int(count)) {
            let doing = "setting the boxes of page \(n + 1)"
            let page = try q.value(doing) { qpdf_get_page_n($0, n) }
            let media = try q.value(doing) { qpdf_oh_get_key($0, page, "/MediaBox") }
            var box: [Double] = []
            if qpdf_oh_is_array(d, media) == QPDF_TRUE, qpdf_oh_get_array_n_items(d, media) == 4 {
                for i in 0..<Int32(4) {
                    var value = 0.0
                    if qpdf_oh_get_value_as_number(d, qpdf_oh_get_array_item(d, media, i), &value) == QPDF_TRUE { box.append(value) }
                }
            }
            guard box.count == 4 else { throw .qpdf("\(input), page \(n + 1): no /MediaBox of four numbers") }
            guard let trim = boxes.trimBox(media: box) else {
                throw .qpdf("\(input), page \(n + 1): a bleed of \(boxes.bleed) units leaves nothing of the page")
            }
            let trimBox = try q.value(doing) { qpdf_oh_parse($0, PDFPageBoxes.array(trim)) }
            let bleedBox = try q.value(doing) { qpdf_oh_parse($0, PDFPageBoxes.array(box)) }
            qpdf_oh_replace_key(d, page, "/TrimBox", trimBox)
            qpdf_oh_replace_key(d, page, "/BleedBox", bleedBox)
            try q.check(doing)
            // The handles are only the page's; the pages keep the boxes.
            qpdf_oh_release_all(d)
        }
    }
}

/// One qpdf handle, its errors turned into `DocumentError.qpdf`.
private final class QPDFHandle {
    let data: qpdf_data

    init() {
        data = qpdf_init()
        // Errors and warnings are read here, not printed on stderr.
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
    }

    deinit {
        var d: qpdf_data? = data
        qpdf_cleanup(&d)
    }

    /// Runs a call that returns an error code.
    func run(_ doing: String, _ call: (qpdf_data) -> QPDF_ERROR_CODE) throws(DocumentError) {
        _ = call(data)
        try check(doing)
    }

    /// Runs a call that returns a value; qpdf reports its errors only
    /// through `qpdf_has_error`.
    func value<T>(_ doing: String, _ call: (qpdf_data) -> T) throws(DocumentError) -> T {
        let result = call(data)
        try check(doing)
        return result
    }

    func check(_ doing: String) throws(DocumentError) {
        guard qpdf_has_error(data) == QPDF_TRUE else { return }
        throw .qpdf(doing + ": " + text(qpdf_get_error(data)))
    }

    func checkWarnings(_ doing: String) throws(DocumentError) {
        var warnings: [String] = []
        while qpdf_more_warnings(data) == QPDF_TRUE { warnings.append(text(qpdf_next_warning(data))) }
        if !warnings.isEmpty { throw .qpdf(doing + ": " + warnings.joined(separator: "; ")) }
    }

    private func text(_ error: qpdf_error?) -> String {
        guard let error, let message = qpdf_get_error_full_text(data, error) else { return "unknown error" }
        return String(cString: message)
    }
}
