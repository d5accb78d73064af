use super::*;

/// A file of `header` (padded) and `body`, its root `offset` written into the header.
fn file(header_without_offset: &str, body: &Body) -> Vec<u8> {
    let offsets: Vec<String> = body.offsets().iter().map(u64::to_string).collect();
    let header = header_without_offset.replacen('{', &format!("{{\"offset\":[{}],", offsets.join(",")), 1);
    encode(&header, body)
}

fn sample_body() -> Body {
    let mut body =
        Body { int: vec![1, -2, 3], float: vec![0.5, 1.25], frame: vec![7], timeline: vec![65535], ..Body::default() };
    body.pad();
    body
}

#[test]
fn what_is_encoded_reads_back() {
    let body = sample_body();
    let bytes = file(r#"{"version":"5.5","armature":[]}"#, &body);
    assert_eq!(&bytes[..8], b"DBDT\0\0\0\x03");
    let read = read(&bytes);
    assert_eq!(read.problems, []);
    let found = read.binary.body.expect("a body");
    assert_eq!(
        (found.int.clone(), found.float.clone(), found.frame.clone()),
        (body.int.clone(), body.float.clone(), body.frame.clone())
    );
    assert_eq!(found.timeline, [65535, 0]);
    assert_eq!(found.color, None);
    assert!(read.binary.header_verbatim);
    assert_eq!(read.binary.header.len() % 4, 0);
    assert_eq!(found.starts[0], read.binary.header_bytes.end);
}

#[test]
fn anything_that_is_not_dbdt_is_refused_with_its_first_bytes() {
    let read = read(b"{\"armature\": []}");
    assert_eq!(read.problems.len(), 1);
    assert_eq!(read.problems[0].code, Code::BinaryFormat);
    assert_eq!(read.problems[0].bytes, 0..4);
    assert_eq!(
        read.problems[0].message,
        "the file starts with 7B 22 61 72, not `DBDT`: it is not a DragonBones binary"
    );
    let short = super::read(b"DB");
    assert_eq!(short.problems[0].message, "the file has 2 bytes: a DragonBones binary starts with the 4 bytes `DBDT`");
}

#[test]
fn every_cut_of_a_file_is_read_without_panicking_and_reported() {
    let bytes = file(r#"{"version":"5.5","armature":[{"name":"腰"}]}"#, &sample_body());
    for cut in 0..bytes.len() {
        let read = read(&bytes[..cut]);
        assert!(!read.problems.is_empty(), "a file cut at {cut} bytes has a problem");
        for p in &read.problems {
            assert!(p.bytes.end <= cut.max(4) as u64, "cut {cut}: {p:?}");
        }
    }
}

#[test]
fn a_truncated_array_names_its_bytes() {
    let bytes = file(r#"{"version":"5.5","armature":[]}"#, &sample_body());
    let read = read(&bytes[..bytes.len() - 2]);
    let messages: Vec<_> = read.problems.iter().map(|p| (p.code, p.bytes.clone(), p.message.clone())).collect();
    let len = bytes.len() as u64;
    assert_eq!(
        messages,
        [(
            Code::BinaryTruncated,
            len - 4..len - 2,
            format!(
                "the timelineArray should be bytes {}–{} of the file, but the file has {} bytes: the runtime throws",
                len - 4,
                len - 1,
                len - 2
            )
        )]
    );
}

#[test]
fn the_header_is_decoded_as_the_runtime_decodes_it() {
    // "b😀" as the official converter writes it (two surrogates), U+0080 as one byte, a NUL.
    let (text, verbatim) = decode_header(b"b\xED\xA0\xBD\xED\xB8\x80\x80\0x");
    assert!(!verbatim);
    assert_eq!(text, "b\u{BD}\u{80}x");
    let (text, verbatim) = decode_header("腰😀".as_bytes());
    assert!(verbatim);
    assert_eq!(text, "腰😀");
    // A sequence cut short: the interrupting byte is emitted, then read again.
    assert_eq!(decode_header(b"\xC3A").0, "AA");
}

#[test]
fn offsets_that_cannot_place_an_array_are_problems_in_the_header() {
    let body = sample_body();
    let mut offsets: Vec<String> = body.offsets().iter().map(u64::to_string).collect();
    offsets[2] = "2".to_owned();
    let header = format!("{{\"offset\":[{}],\"armature\":[]}}", offsets.join(","));
    let read = read(&encode(&header, &body));
    assert_eq!(read.problems.len(), 1);
    let p = &read.problems[0];
    assert_eq!(p.code, Code::BinaryOffset);
    assert_eq!(
        p.message,
        format!(
            "the floatArray starts at byte {}, which is not a multiple of 4: the JavaScript runtime cannot view it (it throws)",
            read.binary.header_bytes.end + 2
        )
    );
    let at = header.find(",2,").unwrap() as u64 + 1 + 12;
    assert_eq!(p.bytes, at..at + 1);
    assert!(read.binary.body.is_none());
}
