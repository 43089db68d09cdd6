// SPDX-License-Identifier: LGPL-2.1-or-later
// SPDX-FileCopyrightText: 2026 The libgverbs authors

/* The pyverbs README's "Ethernet spec" example in Vala: builds the same
 * EthSpec, prints it, and exits 1 unless it prints the README's output
 * (run as the host test vala-flow-spec). */
const string SEED_OUTPUT = """Spec type       : IBV_FLOW_SPEC_INNER IBV_FLOW_SPEC_ETH
Size            : 40
Src mac         : ab:cd:ef:ab:cd:ef    mask: ff:ff:ff:ff:ff:ff
Dst mac         : de:de:de:00:de:de    mask: ff:ff:ff:ff:ff:ff
Ether type      : 8451                 mask: 65535
Vlan tag        : 8961                 mask: 65535
""";

int main () {
    try {
        var eth = Verbs.Spec.make (Verbs.FlowSpecType.ETH, true);
        eth.set_field ("src_mac", "ab:cd:ef:ab:cd:ef");
        eth.set_field ("src_mac_mask", "ff:ff:ff:ff:ff:ff");
        eth.set ("vlan-tag", 0x123, "vlan-tag-mask", 0xffff);
        eth.set_field ("dst_mac", "de:de:de:00:de:de");
        eth.set_field ("dst_mac_mask", "ff:ff:ff:ff:ff:ff");
        eth.set ("ether-type", 0x321, "ether-type-mask", 0xffff);
        var text = eth.to_string ();
        print ("%s", text);
        /* a malformed MAC is refused */
        try {
            eth.set_field ("dst_mac", "de:de");
            return 1;
        } catch (Verbs.Error.INVALID_ARGUMENT e) {
        }
        var attr = new Verbs.FlowAttr ();
        attr.add_spec (eth);
        return text == SEED_OUTPUT && attr.pack ().get_size () == 60 ? 0 : 1;
    } catch (Error e) {
        printerr ("%s\n", e.message);
        return 2;
    }
}
