//! The disclosures of one call as a viewer sees them: a list whose first item is held
//! inline, so that a call with one alert or explanation — the usual case — costs a view no
//! allocation. It reads and writes as a plain list (JSON, JS, TypeScript `SeenDisclosure[]`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::SeenDisclosure;

/// The disclosures of one call a viewer may see, in the order they were made.
///
/// Invariant: `rest` is empty when `first` is `None` (so equal lists compare equal).
/// `smallvec` would hold the first inline too, but it is invariant in its item type and
/// its destructor keeps a borrowed view's table borrowed (docs/ENGINEERING.md, "The core").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeenDisclosures<'a> {
    first: Option<SeenDisclosure<'a>>,
    rest: Vec<SeenDisclosure<'a>>,
}

impl<'a> SeenDisclosures<'a> {
    /// An empty list.
    pub const fn new() -> SeenDisclosures<'a> {
        SeenDisclosures {
            first: None,
            rest: Vec::new(),
        }
    }

    /// Appends a disclosure.
    pub fn push(&mut self, d: SeenDisclosure<'a>) {
        if self.first.is_none() {
            self.first = Some(d);
        } else {
            self.rest.push(d);
        }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// The disclosure at `i`, in the order made.
    pub fn get(&self, i: usize) -> Option<&SeenDisclosure<'a>> {
        match i.checked_sub(1) {
            None => self.first.as_ref(),
            Some(j) => self.rest.get(j),
        }
    }

    /// The disclosures, in the order made.
    pub fn iter(&self) -> Iter<'_, 'a> {
        self.first.iter().chain(self.rest.iter())
    }

    /// The same list, owning its texts.
    pub fn into_owned(self) -> SeenDisclosures<'static> {
        SeenDisclosures {
            first: self.first.map(SeenDisclosure::into_owned),
            rest: self.rest.into_iter().map(SeenDisclosure::into_owned).collect(),
        }
    }
}

/// An iterator over a call's disclosures (`SeenDisclosures::iter`).
pub type Iter<'b, 'a> =
    std::iter::Chain<std::option::Iter<'b, SeenDisclosure<'a>>, std::slice::Iter<'b, SeenDisclosure<'a>>>;

impl<'b, 'a> IntoIterator for &'b SeenDisclosures<'a> {
    type Item = &'b SeenDisclosure<'a>;
    type IntoIter = Iter<'b, 'a>;

    fn into_iter(self) -> Iter<'b, 'a> {
        self.iter()
    }
}

impl<'a> FromIterator<SeenDisclosure<'a>> for SeenDisclosures<'a> {
    fn from_iter<I: IntoIterator<Item = SeenDisclosure<'a>>>(items: I) -> SeenDisclosures<'a> {
        let mut list = SeenDisclosures::new();
        for d in items {
            list.push(d);
        }
        list
    }
}

impl Serialize for SeenDisclosures<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, 'a> Deserialize<'de> for SeenDisclosures<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeenDisclosures<'a>, D::Error> {
        Ok(Vec::<SeenDisclosure<'a>>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::call::Seat;
    use crate::event::DisclosureKind;

    fn said(text: &'static str) -> SeenDisclosure<'static> {
        SeenDisclosure {
            by: Seat::N,
            kind: DisclosureKind::Explanation,
            alert: false,
            text: Some(Cow::Borrowed(text)),
            superseded: false,
        }
    }

    #[test]
    fn a_list_keeps_the_order_made_and_reads_as_a_plain_list() {
        let list: SeenDisclosures<'_> = ["one", "two", "three"].into_iter().map(said).collect();
        assert_eq!(list.len(), 3);
        let texts: Vec<_> = list.iter().filter_map(|d| d.text.as_deref()).collect();
        assert_eq!(texts, ["one", "two", "three"]);
        assert_eq!(list.get(1).and_then(|d| d.text.as_deref()), Some("two"));
        assert!(list.get(3).is_none());
        let json = serde_json::to_string(&list).expect("writes");
        let plain: Vec<SeenDisclosure<'_>> = serde_json::from_str(&json).expect("a plain list");
        assert_eq!(plain.len(), 3);
        let back: SeenDisclosures<'_> = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, list);
    }

    #[test]
    fn an_empty_list_is_an_empty_array() {
        let empty = SeenDisclosures::new();
        assert!(empty.is_empty() && empty.get(0).is_none());
        assert_eq!(empty.len(), 0);
        assert_eq!(serde_json::to_string(&empty).expect("writes"), "[]");
        let one: SeenDisclosures<'_> = std::iter::once(said("x")).collect();
        assert!(!one.is_empty() && one.len() == 1);
        assert_ne!(one, empty);
    }
}
