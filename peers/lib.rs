// The manifest only pins the peers' source archives; nothing is compiled from here.
