// The program of a layer's link check (CMakeLists.txt, TABULA_LAYER_LINK_CHECK): it calls
// nothing; linking every object of one layer into it, over the layers below only, is the check.
int main() { return 0; }
