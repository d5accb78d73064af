//! Lists in hovers kept short: a bone with thousands of children, a node deep in a hierarchy of
//! thousands, or thousands of nodes of one name made hovers of megabytes that took seconds to
//! build (an `.elem` of 3,000 nested nodes of one name: 18 MB in 3 s). A hover names at most so
//! many items, and says how many more there are.

/// How many items a list names.
pub const LISTED: usize = 20;

/// How many links of a chain it shows: the root, then the nearest.
pub const CHAIN_SHOWN: usize = 12;

/// `items` joined with ", ": the first [`LISTED`], and how many more.
pub fn list(items: &[String]) -> String {
    match items.get(..LISTED).filter(|_| items.len() > LISTED) {
        Some(first) => format!("{}, … and {} more", first.join(", "), items.len() - LISTED),
        None => items.join(", "),
    }
}

/// A chain from its root down, joined with " › ": past [`CHAIN_SHOWN`] links, the root, how many
/// are left out, and the nearest.
pub fn chain(links: &[String]) -> String {
    if links.len() <= CHAIN_SHOWN {
        return links.join(" › ");
    }
    let nearest = &links[links.len() - (CHAIN_SHOWN - 1)..];
    let left_out = links.len() - 1 - nearest.len();
    format!("{} › … {left_out} more › {}", links[0], nearest.join(" › "))
}
