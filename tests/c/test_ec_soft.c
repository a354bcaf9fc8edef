/* The soft provider's short-Weierstrass curves (src/providers/soft/ec_soft.c), through their
 * fc_ec_ops as a driver test calls them: published vectors (RFC 6979 A.2.3-A.2.7 for P-192 to
 * P-521 with the k the RFC lists, RFC 7027 for brainpool ECDH), vectors made with OpenSSL for
 * every curve, the edge scalars 1 and n - 1, ECDH symmetry and sign-then-verify on random
 * scalars, tampered signatures, points off the curve, decompression of both parities and of an
 * x with no square root, the curve tables' derived constants, and the moduli with code of their
 * own (ECW_FAST_*) against the any-modulus code on random and edge values, the fixed-base comb
 * tables entry by entry, and the variable-time inversion against Fermat's. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/algorithms.h"
#include "fieldcrypt/ec.h"
#include "providers/soft/ecw.h"
#include "testutil.h"

typedef struct {
    fc_alg alg;
    const char *source;
    const char *d, *q, *e, *k, *rs;
} ec_sig_vector;

typedef struct {
    fc_alg alg;
    const char *d, *q, *e, *k, *rs, *rs_big_e, *peer, *shared;
} ec_gen_vector;

/* RFC 7027 A.1 to A.3: brainpool ECDH, dA, x_qA || y_qA, dB, x_qB || y_qB, x_Z. */
typedef struct {
    fc_alg alg;
    const char *source;
    const char *da, *qa, *db, *qb, *z;
} ec_dh_vector;

/* RFC 6979 A.2.3 to A.2.7 (NIST P-192 to P-521), SHA-256, message "sample": the private key x,
 * the public key U, the digest truncated to qlen bits (e), the k the RFC lists, r || s. */
static const ec_sig_vector rfc6979_vectors[] = {
    {FC_SECP192R1, "RFC 6979 A.2.3",
        "6FAB034934E4C0FC9AE67F5B5659A9D7D1FEFD187EE09FD4",
        "AC2C77F529F91689FEA0EA5EFEC7F210D8EEA0B9E047ED563BC723E57670BD48"
        "87EBC732C523063D0A7C957BC97C1C43",
        "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E98915",
        "32B1B6D7D42A05CB449065727A84804FB1A3E34D8F261496",
        "4B0B8CE98A92866A2820E20AA6B75B56382E0F9BFD5ECB55CCDB006926EA9565"
        "CBADC840829D8C384E06DE1F1E381B85"},
    {FC_SECP224R1, "RFC 6979 A.2.4",
        "F220266E1105BFE3083E03EC7A3A654651F45E37167E88600BF257C1",
        "00CF08DA5AD719E42707FA431292DEA11244D64FC51610D94B130D6CEEAB6F3D"
        "EBE455E3DBF85416F7030CBD94F34F2D6F232C69F3C1385A",
        "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A",
        "AD3029E0278F80643DE33917CE6908C70A8FF50A411F06E41DEDFCDC",
        "61AA3DA010E8E8406C656BC477A7A7189895E7E840CDFE8FF42307BABC814050"
        "DAB5D23770879494F9E0A680DC1AF7161991BDE692B10101"},
    {FC_SECP256R1, "RFC 6979 A.2.5",
        "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721",
        "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
        "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299",
        "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A62ADD1BF",
        "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60",
        "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
        "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"},
    {FC_SECP384R1, "RFC 6979 A.2.6",
        "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D8"
        "96D5724E4C70A825F872C9EA60D2EDF5",
        "EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64"
        "DEF8F0EA9055866064A254515480BC138015D9B72D7D57244EA8EF9AC0C62189"
        "6708A59367F9DFB9F54CA84B3F1C9DB1288B231C3AE0D4FE7344FD2533264720",
        "00000000000000000000000000000000AF2BDBE1AA9B6EC1E2ADE1D694F41FC7"
        "1A831D0268E9891562113D8A62ADD1BF",
        "180AE9F9AEC5438A44BC159A1FCB277C7BE54FA20E7CF404B490650A8ACC414E"
        "375572342863C899F9F2EDF9747A9B60",
        "21B13D1E013C7FA1392D03C5F99AF8B30C570C6F98D4EA8E354B63A21D3DAA33"
        "BDE1E888E63355D92FA2B3C36D8FB2CDF3AA443FB107745BF4BD77CB38916746"
        "32068A10CA67E3D45DB2266FA7D1FEEBEFDC63ECCD1AC42EC0CB8668A4FA0AB0"},
    {FC_SECP521R1, "RFC 6979 A.2.7",
        "00FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75"
        "CAA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B8"
        "3538",
        "01894550D0785932E00EAA23B694F213F8C3121F86DC97A04E5A7167DB4E5BCD"
        "371123D46E45DB6B5D5370A7F20FB633155D38FFA16D2BD761DCAC474B9A2F50"
        "23A400493101C962CD4D2FDDF782285E64584139C2F91B47F87FF82354D6630F"
        "746A28A0DB25741B5B34A828008B22ACC23F924FAAFBD4D33F81EA66956DFEAA"
        "2BFDFCF5",
        "0000000000000000000000000000000000000000000000000000000000000000"
        "0000AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A62AD"
        "D1BF",
        "00EDF38AFCAAECAB4383358B34D67C9F2216C8382AAEA44A3DAD5FDC9C325757"
        "61793FEF24EB0FC276DFC4F6E3EC476752F043CF01415387470BCBD8678ED2C7"
        "E1A0",
        "01511BB4D675114FE266FC4372B87682BAECC01D3CC62CF2303C92B352601265"
        "9D16876E25C7C1E57648F23B73564D67F61C6F14D527D54972810421E7D87589"
        "E1A7004A171143A83163D6DF460AAF61522695F207A58B95C0644D87E52AA1A3"
        "47916E4F7A72930B1BC06DBE22CE3F58264AFD23704CBB63B29B931F7DE6C9D9"
        "49A7ECFC"},
};

/* Per curve: a key pair, a signature of e (SHA-256 of "fieldcrypt <curve>", truncated to n's
 * bits) with a random k, the same k over e = 2^(8K) - 1 (>= n: reduced), and ECDH with a second
 * key's public point. Made for this test, two ways:
 * (a) pyca/cryptography 48 over OpenSSL 3.0 made the key pairs and the shared secret and
 *     accepted the signature (verify with Prehashed(SHA256));
 * (b) secp192k1 and secp224k1, which it lacks: OpenSSL 3.0 made the key pairs (openssl ecparam
 *     -genkey), a Python affine-coordinate reference the shared secret and the signatures, and
 *     openssl pkeyutl -verify accepted the first signature.
 * The second signature (e >= n) comes from the Python reference only. */
static const ec_gen_vector gen_vectors[] = {
    /* secp192r1 (a) */
    {FC_SECP192R1,
        "FEB7D1949FF48B4DFA16D0BC89B9AE7B30757F103AD940B9",
        "BBEF490861149B78945E9390920B33BB22B4DFA2E6297CAABBACF03BEA766BB8"
        "80F000B4C1A45BFB64BD8AC8CFB0BC1D",
        "C6AAFB0ECD30307A3A03E13B4FC4BB8A8A82F6857A66D03B",
        "EBF41E5BEE592529F189DBA4DE79A62049DDC2F808683BA2",
        "0633603C45EABF4E98BC9D8C4895405515027E26155224CCADDE28E46BF5A99F"
        "D9B6B816FBCFF6D0283DF27FD137165B",
        "0633603C45EABF4E98BC9D8C4895405515027E26155224CC2F989870A53F8BCE"
        "A17B0E8AE5400EAD0DD0A8E61777A9C2",
        "37F180177755F812CD78F5ED00A862A6AF1850E97EF655E9A38C4B002CCABE9B"
        "FB143301FEDD81F6C97B54FA9318D73F",
        "EBA96B7F6EB7EA2247786985D8C3A7970D0286797CEC9557"},
    /* secp224r1 (a) */
    {FC_SECP224R1,
        "5ACF44A081414B897BB4619F7A35A2B00222E648DBE12108882F53A4",
        "488544F3BEC41D5F4D47B2E7B7C13C79291820E15BD4DDAA9838BFA948A9059F"
        "301075EFCA6C8677C535BE76CCFDA79AC51E92ADA8483920",
        "FEE013246599421FD1370768813F589F9978E58E61140D273C901177",
        "8FFBC2B5DB515799A6C3E831F6890ED54740350830D74E8D46E107F3",
        "3EBB48DFDA60F8CBFB06F1E47BB91C5250B63EFFD2691FDB23DDFD8170EC6F41"
        "FFD7FF252A235632AF514910F02368A484E619328ED9C922",
        "3EBB48DFDA60F8CBFB06F1E47BB91C5250B63EFFD2691FDB23DDFD81CD52955D"
        "E224A9379500B205BC9E4063F7B8CCAC230E986516267C9C",
        "153C693C8B0B8421F5066FA047388A49E4CD5D430450CFD8B1F900D2EC1D5BBF"
        "81B71A02DEC6B7F844AAE0178A8FE28EE267810021D6F544",
        "937E894B3F28BA5400313EC9E6B7572BC92EF9BC719A5293081879D8"},
    /* secp256r1 (a) */
    {FC_SECP256R1,
        "488773735FAA7AA3CB209AE19AE0CF514853581D2655F478DB52E93DABC07D7A",
        "DC2EA7BD6BFA487723CCF152F31C9F20B4F5C00DAF0C454481A29CF1CCB523AE"
        "3732813BC7B90D9DCEFE60C9D8B1613C8E199274A504557C9C693C4D40A061A6",
        "8B4F447626B061208D54DC989ABE8AB1123C31A299A2B48C82F9E470090F04A1",
        "983391459921A611D8E291DB37A3210C4C286C0AA1636E83711BFDE8F8498529",
        "23F68C7AAD5A20B98688B6AF3179CAE9CC44A95CB724453C33E112E81EB60293"
        "05537DDCF3B21F9C12680412236C2C06F35955755B13D515D679E8ED107C17E0",
        "23F68C7AAD5A20B98688B6AF3179CAE9CC44A95CB724453C33E112E81EB60293"
        "64C73B82217BECA0C0CCE2498261566E812B892D5EE12FDE8BFD242922A44CBB",
        "4DB69F51127A5E9DC1374763FE16C7D42D03BFFE3964ADF6B963F5C3C8A2120B"
        "AEDD066B8175D04453BD33103E755A55E81E09380467E1AEA053E4B580EEDADD",
        "3C27AA89C1B6A742B79D22B97A992C60B23EBFA9A857E0AD1864D4462FA96DAA"},
    /* secp384r1 (a) */
    {FC_SECP384R1,
        "1D16C5ED453891886A3757FF58B86AA3C84F59AB2ABC4342AF3CBDD586A2427D"
        "4121A4222AF052B8031216F77B0F7CE0",
        "0F2BB50DFCA38306F00743E8FF2048E083F058CC33DCABB2CA76724A44DA4591"
        "CA2E005721AF90A636B9FA1BAA2DCA88C66409B164FA7212540777B1B8F868C3"
        "6C4369B51DB762D0A6112CF4D3C2973F0B7F66E406BE758AD9A1D3AFDB88D341",
        "000000000000000000000000000000001C04AB825BC4AFB8D4D25132F4AE4BA5"
        "1DAC8373F0FDC0D300A0E570669856C1",
        "4B07C264E7247748DB8AC2D49523FE73A1BA39F0CE3E3107897910BB33A742AE"
        "C2DC375352885B46715B53CE182A25F7",
        "CDAB95D3F1274248A969B7849BF429F6476672DA93346A5FC4C6535F4D9DA43C"
        "7F01032920BE900C99C02F15506A9C2F7056A61A1BE1EA4A8D3F710AFF23D3B1"
        "97F592B4F3E20738B3A70677EDF18B3DDEA3E4F37B5CAC6D4BD0FF4530289D18",
        "CDAB95D3F1274248A969B7849BF429F6476672DA93346A5FC4C6535F4D9DA43C"
        "7F01032920BE900C99C02F15506A9C2F5F8CE139BC355FF47DAFCE0B1B728C43"
        "40D747A40396B6D95DFBD00D0914D193A75A8A98FC764EC7F2B5AEA6885C1A4C",
        "F340D728C006412F6CB497D8CDE88A5697ABC3352C12888E004E121C080868D8"
        "613DFC93AE8E42FB5EA88410B51BA2AC7F5FF0C6A7382D38266DF8BBDA41CF45"
        "669B1E8478B5516038E1320C50879316FDD1BB1DF591C65E863DDFA27947BB7A",
        "7AD71D58BAA9B35BC15B960D7BD498B56BBBA3B8098CFB3F38DD87AAC3E0C6D6"
        "FD55BA560C6A8A68F0B689D59548115E"},
    /* secp521r1 (a) */
    {FC_SECP521R1,
        "00ED4E5D7E2766CED0910ADB862D941E1FACD69A49FA9EFD2C4B5F710FB84F57"
        "51C9B4639723F8C1EE61962C7E7AA7F442B6B42E3883E42684D9C1C1443455ED"
        "0E74",
        "0194E698178157419D18F35017ADBF6E59EF925C96EF13CA31DA830048DC2F54"
        "FEC0FE43D053B4DDAD094D7DB98E267B937934EE756FD9DBB80D765114691254"
        "90A301177F891B33CD7040C6AD0CD641A33B6C98CD8FAFFC42C509F248BE2482"
        "978E1AA299F013CC83F2AF0BA7CFE2301B8A40E1E8E9E5104A68152753E20057"
        "76D8B977",
        "0000000000000000000000000000000000000000000000000000000000000000"
        "0000B127626CE9A529E0DF6322C3C02C0A73B537AE364C6899BAED85E4BBF68E"
        "4A88",
        "0169FAB0B0AF06CB7CCAC7CCAD7788BCDD58E9AC0946281F8F1CF169FCBD5F2F"
        "6F23BEF47A12080A1C1AF0952442A1B444170CBB3DF1D833AEFAD616F415DA94"
        "1516",
        "00EAA873753966F52B264A82CE0FB19295630C2B0E9A2585DBA1E467069D75E2"
        "156287CAC60895438D77206DAB1971755B75F6370F103F0A289CE742ACFE90D6"
        "01FC0155592DE1CF2D7D4442A3B895C8FA44B3E658E86E954CEFF5EA3E914EB9"
        "38CE3E6A9F30889D3BF7906F6650978D2472C99217869F9260F35D393997247C"
        "90FEDAB9",
        "00EAA873753966F52B264A82CE0FB19295630C2B0E9A2585DBA1E467069D75E2"
        "156287CAC60895438D77206DAB1971755B75F6370F103F0A289CE742ACFE90D6"
        "01FC012283F8408BC89D541B770847879AFF17D70EB55D08663A8C4C5745AF70"
        "D685F875EF7B0C151F6B0F5A6FEA9BF8CABACFD2F33327257E8F0A84CFA81F58"
        "EA2C49FC",
        "00FC289BB8A1D3FDE67A043E603F5E8A92375B182C3CE4B364DB03AA5AAFABFE"
        "1C12BA63C5A9976E6FE61BE8D3D7B2DA4BF2128CA4BB61F21196E8198190D497"
        "AA55002574343390F293280A3F58903FE86CF719E1BF3016BFFA80851B18126B"
        "CE814AC3CA73A7B360187083E7344BAC308DFF3280ED90334708895EC94642FF"
        "CA907B70",
        "0106D34EBAD181AD65DE51F210B2C138991C8AE957505E6AEEA4C7425658A315"
        "A54FFA63C92620E10A54F795D1461D0EC9985C116C319852D0019E2259F8B740"
        "14EE"},
    /* secp192k1 (b) */
    {FC_SECP192K1,
        "D422816FFFB787C4EF440B811DCB3D0E0D5F61C2358BB86C",
        "4859F1866372D06A01B1AD8FCC6D7B3D5315656D21096ADB0F787BE0AD8B508D"
        "4B7475AB3211B02F55766DD8A86F78FA",
        "5B51E71F772CC017A6A62A747E290C9446ADCFA26CCB83EF",
        "4C32786B6A74E2D9EFB9BAD70E41F38702BCADBD29605F1B",
        "7B7132574E751138821089C069806B44805ECEDCE3EF6E31190C81175E5BBBAF"
        "D991FFB4C033A4C1A4F50717D180707F",
        "7B7132574E751138821089C069806B44805ECEDCE3EF6E31F5F84DEFCE6CAEF1"
        "FBDFC270384536C0BF18AD4EE6AF0EC7",
        "1133B75578709100DCCB6C54E90A7A494CCE035FEB2734B9358DD82B799C6074"
        "0D78602C48317BC86BDD649A8A00620F",
        "B5EC2B1D1923C9EFD10E4F7122FC63D8273227C14B7FCABB"},
    /* secp224k1 (b) */
    {FC_SECP224K1,
        "00FA4AC665298076E70902834A82E920E42C1B0D6BB199D8A1AC682AD6",
        "015DDFDF7CB84299156A2246337BE53D25B2EB81646977E666B66394936018BC"
        "C1034BBF4BBC5AE8DEF773193B063F031639D32141AFAB8A",
        "00487BDB36C5A8D4D473E92A114DCC7F8D861C21888799C364D1805B67",
        "00A475B3C6A41A8836137DB7D0320582546D0ECEE342EFA0F21664118C",
        "00AAB78776D9F86982552FAD2FF2DA83C2A88B7EEA5B9D7AF3753814DF008BB6"
        "5398A632D11499B32880B378EDA1BC9363766620BF09478C863C",
        "00AAB78776D9F86982552FAD2FF2DA83C2A88B7EEA5B9D7AF3753814DF00F858"
        "A64CAD448A559AC9A537C97DC4AA4DCEB372B2F550A06774AA0B",
        "DD101AD0B76E23CF8F93F87BE44EE85119DEC283787C941F948736535F1A4E38"
        "09DCCD39E448E21E634ED4D3B46311814F287D931B8AD78A",
        "2B4D830DF0A1CB782B64428B9FA31BE0996E501EF65437B887FE754E"},
    /* secp256k1 (a) */
    {FC_SECP256K1,
        "D75A883C4E1AD5207B3E64EFE11B4EE04C9FB22E380EEB45D5730EBC9CEA638C",
        "A31777ECE3B626DA03DC7F5E1D1A934558398E31618DF24C5D113AFA51026204"
        "5B1EF24B0E60FCE040B2C3A27589B19BCD91EF9D4086E35511841BDF57B20441",
        "676EB05E898F65CE5AD586E1C61559325C40A5EFD64548C59A145B7BB8D7B1C6",
        "704107CB3431B188CFAEF7BE258AC402239D1F21188A6101C841F2FA13F79704",
        "2906107AC4F6560D8AA949DADB416B3C65051D056F892D8A36BB5547D6B6A81D"
        "C05F12090CB35B9FFAF9E0F8435B18C1338DC93001E3F719630A9D8C80A221C2",
        "2906107AC4F6560D8AA949DADB416B3C65051D056F892D8A36BB5547D6B6A81D"
        "1C56144BAA1B3094B20907C8FAA2E3D341D53FDBDB87E192717DC97F2B2677C3",
        "D95A52A5158E283C52E5633F13FE6989B39911AE49DE436D97DB8E6EA2105D8C"
        "C73781B0B0879D3D1FD9746FADCC25D7D3E2C259B5248328296EC8D13A7B7301",
        "13A393FEC10569AEE804660ADC72F9DF683D0DFD0E6FE0AA68F1D6A1A6982F7D"},
    /* brainpoolP256r1 (a) */
    {FC_BRAINPOOLP256R1,
        "95365D30BA1071174A762F8B6A76666DA6283E700C54C0B48FD6CDC4635E73D0",
        "58479E5C92D401567DD86158AF44AA0DBA0A076C522A80A6754CE8CFF2C11F8F"
        "5EE8C427758A29D3890E4A1D30FF0E34CC7603D30CBB9DBDF509ED8011D1E64A",
        "F7D506B542761F9CFDEEF2D48395702C0E209F5D632FDD7195735EDEAF6B41D7",
        "234A4E791E53517DCDB0FD4C4345C40A034D1F98604C45F6C595360386342607",
        "05F69348FB38DE15009214C80A187D3457A4624432A02FEB1D7ACB23687BDC93"
        "55763B26225FCB457F813A14B06F0C029A7732089DBCBAE7695686B3AB83ABBD",
        "05F69348FB38DE15009214C80A187D3457A4624432A02FEB1D7ACB23687BDC93"
        "724D27E66A738E3945F118C3868F4BF21EDAA14F4C2B74ADA6996068EFA9F387",
        "913C251CE529B87AC8619A6ADE64F871CC9E1F57395FCEF749C138DFD597DC15"
        "161FBBEB61B280663AC681DB8C460EA362E13BE65FE1C2D21FD8B68D75F5ABF5",
        "293F20080242857D9702E224E712F51D942029CF400AE403BD07B2D1FFDC5DBA"},
    /* brainpoolP384r1 (a) */
    {FC_BRAINPOOLP384R1,
        "3262299CEA1D0C1553669F31553755CD5EE1FA50698DE4BA2E006F70647059A6"
        "B1CF869FD7284731948D5962EE511065",
        "07DDC461B0A359C6BF0EC140CF20D640EF53181CC8254EA4C85726770337AF2F"
        "F8662DD6F2CBEAED8A5CF29473F47CC522B9559FE3DEFA5B955155CDFB5AD9C4"
        "C344A040CE54F6E8C70AECC3E666319781DA284A1383B04322AF0A34B1950D88",
        "00000000000000000000000000000000931531CD29AC3DC44D8F1EBFC1AE602E"
        "5982CD2D00A3E3CC94AE978E4D19868F",
        "085B847BD805B84443D410E0FFE6687F95FE53750897D44493C276D75399332A"
        "7F84BEF211FA001FDA4F9CFF94567072",
        "02077EBC79ED789F6BB9332D6AB482DE05E182ACFB6E0F4F043D937D641C72C1"
        "5A760A38ADAF749FDDAC0FCC7FA18B226E90C85022DED551C9F5C2B5C75B33B5"
        "B977A27DD8033894B97CB21F738F8DF45108866A3CC7E8CA4391168578CC5A36",
        "02077EBC79ED789F6BB9332D6AB482DE05E182ACFB6E0F4F043D937D641C72C1"
        "5A760A38ADAF749FDDAC0FCC7FA18B22572AFA9B211570D72C35190B68174135"
        "1FA716B9F9656787DF00876230D9F9650872B810A07DE1584538197DA2BA82A6",
        "69E1BB1CBE65AC866E4C047BA5663F6C76B1D010F2752C23717075B18EFBAF91"
        "B6C3116175156F9CB3E29CFA6979F7A7843F189E2C7D403CB2D91E8A3C93FD0D"
        "A83121BC4E21DF04E57576A599E8EFAEBF36DA544CED3835290FC1B690D21699",
        "25F2FE3D4F0D3E8546DA2D5EEC31455A1E1082762CFD8B3241F90F7692C94DF5"
        "4EDD9898551DE14A9F720A435313EF66"},
    /* brainpoolP512r1 (a) */
    {FC_BRAINPOOLP512R1,
        "798AAD790E9CCD85654D804C763309CC258A57B68D6EEA44B6543746B1DF7B17"
        "566F4CD9AE45FD6E9C9BDF37FD75388CF2BBA2073196154699BA179D3D0D41A3",
        "682D264B9597CE148CA1881EF1F50E9386F59E63D02E58E88E095E3F6908FC38"
        "F5969DA9F63B4CC6F85343213C7526AAF916D64902EE716E6E8FD0055E365ADF"
        "98489BC60CA9A84009413E7D483F3F53F57A225F24BF0F751F9979F44997417F"
        "E344D47DCAA4541CA4258015F3C545C7AACF94B129ECAC08B0465DBBDF16CE75",
        "0000000000000000000000000000000000000000000000000000000000000000"
        "36523667FE894DB9E7958348B653ADD4708E4DADA4CC7DBAC822F7DDCE56CA31",
        "8286FBF1904252FD547F78B6A3E864A56E593FD7EAE47E939A46E7AA05E9091D"
        "2ACE9E968228B5EB51E39A526BA365F38195213399E723271E2AAC7261C279C5",
        "154372CAFC8C82957320C54230C8A28090C4E5167C46E171B04A1EFA948C97CA"
        "9BFEB0C1F030991BCCB8CDC9B5CBA2DA0EAF3D3D32E1CB8F683CFF779A5B91CD"
        "093D40595FD6522CDAB077F9B57F7C3F158A701F3AC41FD3C614F3F3A37EC6FF"
        "028E8AA08D81207109A27BB2ABC8604A2C04041007E183A718DA9956249C4381",
        "154372CAFC8C82957320C54230C8A28090C4E5167C46E171B04A1EFA948C97CA"
        "9BFEB0C1F030991BCCB8CDC9B5CBA2DA0EAF3D3D32E1CB8F683CFF779A5B91CD"
        "150558C831246F1D16F295FEFE934EBF6A5B664AC1CFD24632AA88C3345B4CA4"
        "0988B552758A556EE495CC8E5A44E2FC34802992EA3D0432A7EF1921D4D48A2C",
        "5A00E5FC73DECFD768E036AE2A022A9FE077D01347E9B4C6409909975EA339B7"
        "1974EB3CEFF02E6AF0C880D6AEAE541F5610A2F67FF064D1298E676ABB188365"
        "58C67EB29058342003CE1C433DFEA43A25657A566B7F4878D8B24B0AB5EA5795"
        "DAC565549346713872358FDB66ECBAEBB161BAEC7AC752D084991B0B83C5AAF2",
        "6A80953258DBD0A06D66AF82B4B10566B7652C28F52F95AD35892EA1851ECF1A"
        "AF940925CE145FDF4FE529E82062D011AC4771CDB0C94C39327A1E537333C5C2"},
};

#if FC_WITH_EC_ALL_CURVES /* the brainpool curves */
static const ec_dh_vector rfc7027_vectors[] = {
    {FC_BRAINPOOLP256R1, "RFC 7027 A.1",
        "81DB1EE100150FF2EA338D708271BE38300CB54241D79950F77B063039804F1D",
        "44106E913F92BC02A1705D9953A8414DB95E1AAA49E81D9E85F929A8E3100BE5"
        "8AB4846F11CACCB73CE49CBDD120F5A900A69FD32C272223F789EF10EB089BDC",
        "55E40BC41E37E3E2AD25C3C6654511FFA8474A91A0032087593852D3E7D76BD3",
        "8D2D688C6CF93E1160AD04CC4429117DC2C41825E1E9FCA0ADDD34E6F1B39F7B"
        "990C57520812BE512641E47034832106BC7D3E8DD0E4C7F1136D7006547CEC6A",
        "89AFC39D41D3B327814B80940B042590F96556EC91E6AE7939BCE31F3A18BF2B"},
    {FC_BRAINPOOLP384R1, "RFC 7027 A.2",
        "1E20F5E048A5886F1F157C74E91BDE2B98C8B52D58E5003D57053FC4B0BD65D6"
        "F15EB5D1EE1610DF870795143627D042",
        "68B665DD91C195800650CDD363C625F4E742E8134667B767B1B476793588F885"
        "AB698C852D4A6E77A252D6380FCAF068"
        "55BC91A39C9EC01DEE36017B7D673A931236D2F1F5C83942D049E3FA20607493"
        "E0D038FF2FD30C2AB67D15C85F7FAA59",
        "032640BC6003C59260F7250C3DB58CE647F98E1260ACCE4ACDA3DD869F74E01F"
        "8BA5E0324309DB6A9831497ABAC96670",
        "4D44326F269A597A5B58BBA565DA5556ED7FD9A8A9EB76C25F46DB69D19DC8CE"
        "6AD18E404B15738B2086DF37E71D1EB4"
        "62D692136DE56CBE93BF5FA3188EF58BC8A3A0EC6C1E151A21038A42E9185329"
        "B5B275903D192F8D4E1F32FE9CC78C48",
        "0BD9D3A7EA0B3D519D09D8E48D0785FB744A6B355E6304BC51C229FBBCE239BB"
        "ADF6403715C35D4FB2A5444F575D4F42"},
    {FC_BRAINPOOLP512R1, "RFC 7027 A.3",
        "16302FF0DBBB5A8D733DAB7141C1B45ACBC8715939677F6A56850A38BD87BD59"
        "B09E80279609FF333EB9D4C061231FB26F92EEB04982A5F1D1764CAD57665422",
        "0A420517E406AAC0ACDCE90FCD71487718D3B953EFD7FBEC5F7F27E28C614999"
        "9397E91E029E06457DB2D3E640668B392C2A7E737A7F0BF04436D11640FD09FD"
        "72E6882E8DB28AAD36237CD25D580DB23783961C8DC52DFA2EC138AD472A0FCE"
        "F3887CF62B623B2A87DE5C588301EA3E5FC269B373B60724F5E82A6AD147FDE7",
        "230E18E1BCC88A362FA54E4EA3902009292F7F8033624FD471B5D8ACE49D12CF"
        "ABBC19963DAB8E2F1EBA00BFFB29E4D72D13F2224562F405CB80503666B25429",
        "9D45F66DE5D67E2E6DB6E93A59CE0BB48106097FF78A081DE781CDB31FCE8CCB"
        "AAEA8DD4320C4119F1E9CD437A2EAB3731FA9668AB268D871DEDA55A5473199F"
        "2FDC313095BCDD5FB3A91636F07A959C8E86B5636A1E930E8396049CB481961D"
        "365CC11453A06C719835475B12CB52FC3C383BCE35E27EF194512B71876285FA",
        "A7927098655F1F9976FA50A9D566865DC530331846381C87256BAF3226244B76"
        "D36403C024D7BBF0AA0803EAFF405D3D24F11A9B5C0BEF679FE1454B21C4CD1F"},
};
#endif

static const fc_impl *soft_impl(fc_alg alg)
{
    size_t i;
    for (i = 0; i < fc_provider_soft.impl_count; i++)
        if (fc_provider_soft.impls[i]->alg == alg)
            return fc_provider_soft.impls[i];
    return NULL;
}

static const ecw_curve *const curve_tables[] = {
    &fc_ecw_secp256r1,
#if FC_WITH_EC_ALL_CURVES
    &fc_ecw_secp192r1, &fc_ecw_secp224r1, &fc_ecw_secp384r1, &fc_ecw_secp521r1,
    &fc_ecw_secp192k1, &fc_ecw_secp224k1, &fc_ecw_secp256k1,
    &fc_ecw_bpp256r1, &fc_ecw_bpp384r1, &fc_ecw_bpp512r1,
#endif
};
#define CURVE_COUNT (sizeof(curve_tables) / sizeof(curve_tables[0]))

/* Decodes hex of exactly want bytes into out. */
static void unhex_to(uint8_t *out, size_t want, const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    if (n != want) {
        fprintf(stderr, "vector of %u bytes, %u expected: %s\n", (unsigned)n, (unsigned)want, hex);
        exit(2);
    }
    memcpy(out, b, n);
    free(b);
}

/* out = a - b, big-endian, len bytes (a >= b). */
static void sub_be(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t len)
{
    int borrow = 0;
    size_t i = len;
    while (i-- > 0) {
        int d = (int)a[i] - (int)b[i] - borrow;
        borrow = d < 0;
        out[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
}

/* out = a + small, big-endian. */
static void add_small_be(uint8_t *out, const uint8_t *a, unsigned small, size_t len)
{
    unsigned carry = small;
    size_t i = len;
    while (i-- > 0) {
        unsigned s = a[i] + carry;
        out[i] = (uint8_t)s;
        carry = s >> 8;
    }
}

static unsigned long rng_state = 0x9E3779B9u;
static uint8_t rnd8(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint8_t)(rng_state >> 33);
}

/* A uniform-enough scalar in [1, n - 1] (big-endian n of len bytes). */
static void random_scalar(uint8_t *out, const uint8_t *n, size_t len)
{
    size_t i;
    do {
        for (i = 0; i < len; i++)
            out[i] = rnd8();
        out[0] &= n[0] | (uint8_t)(n[0] >> 1) | (uint8_t)(n[0] >> 2) | (uint8_t)(n[0] >> 4);
    } while (memcmp(out, n, len) >= 0 || out[len - 1] == 0);
}

typedef struct {
    const ecw_curve *c;
    const fc_impl *impl;
    const fc_ec_ops *ops;
    size_t L, K;
    const char *name;
    uint8_t p[FC_EC_MAX_LEN], n[FC_EC_MAX_LEN], g[2 * FC_EC_MAX_LEN];
} curve_t;

static int curve_setup(curve_t *t, const ecw_curve *c)
{
    fc_alg_info info;
    memset(t, 0, sizeof(*t));
    t->c = c;
    t->impl = soft_impl((fc_alg)c->alg);
    t->name = fc_alg_name((fc_alg)c->alg);
    CHECK(t->impl != NULL, "%s: no soft descriptor", t->name);
    if (t->impl == NULL)
        return 0;
    t->ops = &t->impl->ops.ec;
    t->L = c->field_bytes;
    t->K = c->order_bytes;
    CHECK(fc_alg_get((fc_alg)c->alg, &info) == FC_OK && info.out_len == t->L && info.key_len == t->K,
          "%s: lengths differ from algorithms.def", t->name);
    CHECK((t->impl->flags & FC_IMPL_CONSTANT_TIME) && t->impl->state_size == 0,
          "%s: descriptor flags", t->name);
    ecw_to_bytes(t->p, t->L, c->p.m);
    ecw_to_bytes(t->n, t->K, c->n.m);
    ecw_to_bytes(t->g, t->L, c->gx);
    ecw_to_bytes(t->g + t->L, t->L, c->gy);
    return 1;
}

/* The derived constants of the tables: R^2 mod m by doubling 1 (64 * limbs times) and
 * m * m0inv = -1 mod 2^32. */
static void check_constants(const curve_t *t)
{
    const ecw_mod *mods[2];
    unsigned i, j;
    mods[0] = &t->c->p;
    mods[1] = &t->c->n;
    for (i = 0; i < 2; i++) {
        const ecw_mod *m = mods[i];
        uint32_t x[ECW_MAX_LIMBS] = {1};
        for (j = 0; j < 64u * m->limbs; j++)
            ecw_add(m, x, x, x);
        CHECK(memcmp(x, m->rr, m->limbs * sizeof(uint32_t)) == 0, "%s: R^2 mod %s", t->name,
              i ? "n" : "p");
        CHECK((uint32_t)(m->m[0] * m->m0inv) == 0xFFFFFFFFu, "%s: m0inv of %s", t->name,
              i ? "n" : "p");
        CHECK(m->m[m->limbs - 1] != 0 && m->bits > 32u * (m->limbs - 1u) &&
                  (m->m[m->limbs - 1] >> ((m->bits - 1u) & 31)) == 1u,
              "%s: bit length of %s", t->name, i ? "n" : "p");
    }
}

/* A random value below m (limbs of m), or any 32 limbs' value when below_r. */
static void random_limbs(uint32_t *x, const ecw_mod *m, int below_r)
{
    unsigned i;
    do {
        for (i = 0; i < m->limbs; i++)
            x[i] = (uint32_t)rnd8() | (uint32_t)rnd8() << 8 | (uint32_t)rnd8() << 16 |
                   (uint32_t)rnd8() << 24;
        if (!below_r && (m->bits & 31u) != 0)  /* no more bits than m */
            x[m->limbs - 1] &= (1u << (m->bits & 31u)) - 1u;
    } while (!below_r && !ecw_less(x, m->m, m->limbs));
}

/* ecw_mul (a square when a == b), ecw_add and ecw_sub of a modulus with its own code against
 * the same modulus without it: random values, edge values (0, 1, m - 1, m - 2, words of all
 * ones or zeros) and a < R for to_mont. */
static void check_fast_field(const curve_t *t, const ecw_mod *fast)
{
    ecw_mod slow = *fast;
    uint32_t edge[8][ECW_MAX_LIMBS], a[ECW_MAX_LIMBS], b[ECW_MAX_LIMBS];
    uint32_t r1[ECW_MAX_LIMBS], r2[ECW_MAX_LIMBS];
    unsigned n = fast->limbs, i, j, round, bad = 0;
    size_t bytes = n * sizeof(uint32_t);

    slow.fast = ECW_FAST_NONE;
    memset(edge, 0, sizeof(edge));
    edge[1][0] = 1;
    memcpy(edge[2], fast->m, bytes);
    edge[2][0] -= 1;                                  /* m - 1 (m odd) */
    memcpy(edge[3], fast->m, bytes);
    for (i = 0, j = 2; i < n && j != 0; i++) {        /* m - 2, the borrow carried on */
        uint32_t w = edge[3][i];
        edge[3][i] = w - j;
        j = w < j;                                    /* (P-224's low word is 1) */
    }
    for (i = 0; i < n; i++) {
        edge[4][i] = (i & 1) ? 0xFFFFFFFFu : 0;       /* alternate words, below m */
        edge[5][i] = (i < n / 2) ? 0xFFFFFFFFu : 0;   /* 2^(16 limbs) - 1 */
        edge[6][i] = fast->m[i] & 0x7FFFFFFFu;
    }
    edge[7][n - 1] = 0x80000000u & fast->m[n - 1];
    for (round = 0; round < 4000; round++) {
        if (round < 64) {
            memcpy(a, edge[round & 7], bytes);
            memcpy(b, edge[round >> 3], bytes);
        } else {
            random_limbs(a, fast, 0);
            random_limbs(b, fast, 0);
        }
        for (j = 0; j < 5; j++) {
            memcpy(r1, a, bytes);
            memcpy(r2, a, bytes);
            switch (j) {
            case 0: ecw_mul(fast, r1, r1, b); ecw_mul(&slow, r2, r2, b); break;
            case 1: ecw_mul(fast, r1, r1, r1); ecw_mul(&slow, r2, r2, r2); break;
            case 2: ecw_add(fast, r1, r1, b); ecw_add(&slow, r2, r2, b); break;
            case 3: ecw_sub(fast, r1, r1, b); ecw_sub(&slow, r2, r2, b); break;
            default:  /* to_mont of any value below R */
                random_limbs(r1, fast, 1);
                memcpy(r2, r1, bytes);
                ecw_mul(fast, r1, r1, b);
                ecw_mul(&slow, r2, r2, b);
                break;
            }
            if (memcmp(r1, r2, bytes) != 0 || !ecw_less(r1, fast->m, n))
                bad++;
        }
    }
    CHECK(bad == 0, "%s: the field's own code differs from the generic one %u times", t->name,
          bad);
}

/* ecw_inv_vartime against ecw_inv modulo p and n: 1, m - 1 and random values. */
static void check_inverse(const curve_t *t)
{
    const ecw_mod *mods[2];
    uint32_t a[ECW_MAX_LIMBS], r1[ECW_MAX_LIMBS], r2[ECW_MAX_LIMBS];
    ecw_point tmp;
    unsigned i, round, bad = 0;
    mods[0] = &t->c->p;
    mods[1] = &t->c->n;
    for (i = 0; i < 2; i++) {
        const ecw_mod *m = mods[i];
        for (round = 0; round < 12; round++) {
            memset(a, 0, sizeof(a));
            if (round == 0) {
                a[0] = 1;
            } else if (round == 1) {
                memcpy(a, m->m, m->limbs * sizeof(uint32_t));
                a[0] -= 1;
            } else {
                random_limbs(a, m, 0);
            }
            ecw_inv(m, r1, a);
            ecw_inv_vartime(m, r2, a, tmp.x, tmp.y, tmp.z);
            if (memcmp(r1, r2, m->limbs * sizeof(uint32_t)) != 0)
                bad++;
        }
    }
    CHECK(bad == 0, "%s: ecw_inv_vartime differs from ecw_inv %u times", t->name, bad);
}

/* Every entry of a curve's comb table against k G from the variable-point scalar
 * multiplication, k the entry's sum of powers of two. */
static void check_comb_table(const curve_t *t)
{
    const ecw_curve *c = t->c;
    unsigned n = c->p.limbs, d = (c->n.bits + ECW_COMBS * ECW_COMB_TEETH - 1u) /
                                     (ECW_COMBS * ECW_COMB_TEETH);
    unsigned comb, j, i, bad = 0;
    static ecw_ctx ctx;
    static ecw_mul_state st;
    uint8_t k[FC_EC_MAX_LEN], xy[2 * FC_EC_MAX_LEN], want[2 * FC_EC_MAX_LEN];
    uint32_t v[ECW_MAX_LIMBS];

    ecw_ctx_init(&ctx, c);
    for (comb = 0; comb < ECW_COMBS; comb++) {
        for (j = 1; j <= ECW_COMB_ENTRIES; j++) {
            const uint32_t *entry = c->comb + (comb * ECW_COMB_ENTRIES + j - 1u) * 2u * n;
            memset(k, 0, sizeof(k));
            for (i = 0; i < ECW_COMB_TEETH; i++) {
                unsigned bit = d * (ECW_COMB_TEETH * comb + i);
                if ((j >> i) & 1u)
                    k[t->K - 1u - bit / 8u] |= (uint8_t)(1u << (bit % 8u));
            }
            ecw_point_base(&ctx, &st.table[0]);
            ecw_scalar_mul(&ctx, &st, k);
            if (ecw_point_store(&ctx, want, want + t->L, &st.acc) != FC_OK) {
                bad++;
                continue;
            }
            ecw_from_mont(&c->p, v, entry);
            ecw_to_bytes(xy, t->L, v);
            ecw_from_mont(&c->p, v, entry + n);
            ecw_to_bytes(xy + t->L, t->L, v);
            if (memcmp(xy, want, 2 * t->L) != 0)
                bad++;
        }
    }
    CHECK(bad == 0, "%s: %u comb table entries differ from k G", t->name, bad);
}

static void check_sig_vector(const curve_t *t, const char *src, const char *d_hex,
                             const char *q_hex, const char *e_hex, const char *k_hex,
                             const char *rs_hex)
{
    uint8_t d[FC_EC_MAX_LEN], q[2 * FC_EC_MAX_LEN], e[FC_EC_MAX_LEN], k[FC_EC_MAX_LEN];
    uint8_t rs[2 * FC_EC_MAX_LEN], out[2 * FC_EC_MAX_LEN];
    size_t L = t->L, K = t->K;

    unhex_to(d, K, d_hex);
    unhex_to(q, 2 * L, q_hex);
    unhex_to(e, K, e_hex);
    unhex_to(k, K, k_hex);
    unhex_to(rs, 2 * K, rs_hex);
    if (d_hex[0] != '\0') {
        CHECK(t->ops->public_key(t->impl, out, d) == FC_OK && memcmp(out, q, 2 * L) == 0,
              "%s %s: public key", t->name, src);
        CHECK(t->ops->sign(t->impl, out, d, e, k) == FC_OK && memcmp(out, rs, 2 * K) == 0,
              "%s %s: signature", t->name, src);
    }
    CHECK(t->ops->verify(t->impl, q, e, rs) == FC_OK, "%s %s: verify", t->name, src);
    e[K - 1] ^= 1;
    CHECK(t->ops->verify(t->impl, q, e, rs) == FC_ERR_VERIFY, "%s %s: verify, e changed",
          t->name, src);
}

/* e = 2^(8K) - 1: the last 2K digits */
static const char all_ones[] =
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
    "FFFF";

static void test_vectors(void)
{
    size_t i, j;
    curve_t t;
    for (i = 0; i < sizeof(rfc6979_vectors) / sizeof(rfc6979_vectors[0]); i++) {
        const ec_sig_vector *v = &rfc6979_vectors[i];
        for (j = 0; j < CURVE_COUNT; j++)
            if (curve_tables[j]->alg == v->alg && curve_setup(&t, curve_tables[j]))
                check_sig_vector(&t, v->source, v->d, v->q, v->e, v->k, v->rs);
    }
    for (i = 0; i < sizeof(gen_vectors) / sizeof(gen_vectors[0]); i++) {
        const ec_gen_vector *v = &gen_vectors[i];
        for (j = 0; j < CURVE_COUNT; j++) {
            uint8_t d[FC_EC_MAX_LEN], peer[2 * FC_EC_MAX_LEN], z[FC_EC_MAX_LEN];
            if (curve_tables[j]->alg != v->alg || !curve_setup(&t, curve_tables[j]))
                continue;
            check_sig_vector(&t, "generated", v->d, v->q, v->e, v->k, v->rs);
            check_sig_vector(&t, "generated, e >= n", v->d, v->q, &all_ones[2 * (66 - t.K)], v->k,
                             v->rs_big_e);
            unhex_to(d, t.K, v->d);
            unhex_to(peer, 2 * t.L, v->peer);
            CHECK(t.ops->ecdh(t.impl, z, d, peer) == FC_OK && tu_hex_eq(z, t.L, v->shared),
                  "%s: generated ECDH", t.name);
        }
    }
#if FC_WITH_EC_ALL_CURVES
    for (i = 0; i < sizeof(rfc7027_vectors) / sizeof(rfc7027_vectors[0]); i++) {
        const ec_dh_vector *v = &rfc7027_vectors[i];
        for (j = 0; j < CURVE_COUNT; j++) {
            uint8_t d[FC_EC_MAX_LEN], q[2 * FC_EC_MAX_LEN], out[2 * FC_EC_MAX_LEN];
            if (curve_tables[j]->alg != v->alg || !curve_setup(&t, curve_tables[j]))
                continue;
            unhex_to(d, t.K, v->da);
            unhex_to(q, 2 * t.L, v->qb);
            CHECK(t.ops->public_key(t.impl, out, d) == FC_OK && tu_hex_eq(out, 2 * t.L, v->qa),
                  "%s: public key A", v->source);
            CHECK(t.ops->ecdh(t.impl, out, d, q) == FC_OK && tu_hex_eq(out, t.L, v->z),
                  "%s: ECDH A", v->source);
            unhex_to(d, t.K, v->db);
            unhex_to(q, 2 * t.L, v->qa);
            CHECK(t.ops->public_key(t.impl, out, d) == FC_OK && tu_hex_eq(out, 2 * t.L, v->qb),
                  "%s: public key B", v->source);
            CHECK(t.ops->ecdh(t.impl, out, d, q) == FC_OK && tu_hex_eq(out, t.L, v->z),
                  "%s: ECDH B", v->source);
        }
    }
#endif
}

/* Scalars 1 and n - 1, symmetry, sign/verify, tampering, bad points, decompression. */
static void test_curve(const curve_t *t)
{
    size_t L = t->L, K = t->K, i;
    uint8_t one[FC_EC_MAX_LEN], nm1[FC_EC_MAX_LEN], neg_g[2 * FC_EC_MAX_LEN];
    uint8_t a[FC_EC_MAX_LEN], b[FC_EC_MAX_LEN], pa[2 * FC_EC_MAX_LEN], pb[2 * FC_EC_MAX_LEN];
    uint8_t z1[FC_EC_MAX_LEN], z2[FC_EC_MAX_LEN], e[FC_EC_MAX_LEN], k[FC_EC_MAX_LEN];
    uint8_t sig[2 * FC_EC_MAX_LEN], bad[2 * FC_EC_MAX_LEN], pt[2 * FC_EC_MAX_LEN];
    const fc_ec_ops *ops = t->ops;
    int seen_ok = 0, seen_none = 0;

    memset(one, 0, K);
    one[K - 1] = 1;
    memcpy(nm1, t->n, K);
    nm1[K - 1] -= 1;  /* n is odd */
    memcpy(neg_g, t->g, L);
    sub_be(neg_g + L, t->p, t->g + L, L);

    CHECK(ops->public_key(t->impl, pa, one) == FC_OK && memcmp(pa, t->g, 2 * L) == 0,
          "%s: 1 G", t->name);
    CHECK(ops->public_key(t->impl, pa, nm1) == FC_OK && memcmp(pa, neg_g, 2 * L) == 0,
          "%s: (n - 1) G = -G", t->name);
    CHECK(ops->ecdh(t->impl, z1, nm1, t->g) == FC_OK && memcmp(z1, t->g, L) == 0,
          "%s: ECDH (n - 1) G", t->name);
    CHECK(ops->ecdh(t->impl, z1, one, neg_g) == FC_OK && memcmp(z1, t->g, L) == 0,
          "%s: ECDH 1 (-G)", t->name);

    /* k = 1 and k = n - 1 give r = x(G) mod n; priv = n - 1 signs and verifies */
    random_scalar(e, t->n, K);
    random_scalar(a, t->n, K);
    CHECK(ops->public_key(t->impl, pa, a) == FC_OK, "%s: public key", t->name);
    CHECK(ops->sign(t->impl, sig, a, e, one) == FC_OK && ops->verify(t->impl, pa, e, sig) == FC_OK,
          "%s: k = 1", t->name);
    CHECK(ops->sign(t->impl, bad, a, e, nm1) == FC_OK && memcmp(bad, sig, K) == 0 &&
              ops->verify(t->impl, pa, e, bad) == FC_OK,
          "%s: k = n - 1", t->name);
    CHECK(ops->sign(t->impl, sig, nm1, e, a) == FC_OK && ops->verify(t->impl, neg_g, e, sig) == FC_OK,
          "%s: priv = n - 1", t->name);

    for (i = 0; i < 4; i++) {
        random_scalar(a, t->n, K);
        random_scalar(b, t->n, K);
        CHECK(ops->public_key(t->impl, pa, a) == FC_OK && ops->public_key(t->impl, pb, b) == FC_OK,
              "%s: public keys", t->name);
        CHECK(ops->ecdh(t->impl, z1, a, pb) == FC_OK && ops->ecdh(t->impl, z2, b, pa) == FC_OK &&
                  memcmp(z1, z2, L) == 0,
              "%s: a (b G) = b (a G)", t->name);

        /* sign then verify; a changed e, r, s or key fails */
        random_scalar(k, t->n, K);
        for (size_t j = 0; j < K; j++)
            e[j] = rnd8();
        CHECK(ops->sign(t->impl, sig, a, e, k) == FC_OK, "%s: sign", t->name);
        CHECK(ops->verify(t->impl, pa, e, sig) == FC_OK, "%s: verify", t->name);
        CHECK(ops->verify(t->impl, pb, e, sig) == FC_ERR_VERIFY, "%s: verify, other key", t->name);
        e[i] ^= 0x10;
        CHECK(ops->verify(t->impl, pa, e, sig) == FC_ERR_VERIFY, "%s: verify, e changed", t->name);
        e[i] ^= 0x10;
        memcpy(bad, sig, 2 * K);
        bad[K - 1] ^= 1;
        CHECK(ops->verify(t->impl, pa, e, bad) == FC_ERR_VERIFY, "%s: verify, r changed", t->name);
        memcpy(bad, sig, 2 * K);
        bad[2 * K - 1 - i] ^= 4;
        CHECK(ops->verify(t->impl, pa, e, bad) == FC_ERR_VERIFY, "%s: verify, s changed", t->name);
        memcpy(bad, sig, 2 * K);
        memcpy(bad + K, t->n, K);  /* s = n */
        CHECK(ops->verify(t->impl, pa, e, bad) == FC_ERR_VERIFY, "%s: verify, s = n", t->name);
        memset(bad, 0, K);         /* r = 0 */
        memcpy(bad + K, sig + K, K);
        CHECK(ops->verify(t->impl, pa, e, bad) == FC_ERR_VERIFY, "%s: verify, r = 0", t->name);

        /* off the curve: y + 1; x = p */
        memcpy(pt, pb, 2 * L);
        add_small_be(pt + L, pb + L, 1, L);
        memset(z1, 0xA5, L);
        CHECK(ops->ecdh(t->impl, z1, a, pt) == FC_ERR_POINT, "%s: ECDH off the curve", t->name);
        CHECK(ops->verify(t->impl, pt, e, sig) == FC_ERR_POINT, "%s: verify off the curve",
              t->name);
        memcpy(pt, t->p, L);
        CHECK(ops->ecdh(t->impl, z1, a, pt) == FC_ERR_POINT, "%s: ECDH x = p", t->name);

        /* decompression: both parities */
        if (ops->decompress != NULL) {
            CHECK(ops->decompress(t->impl, pt, pa, pa[2 * L - 1] & 1u) == FC_OK &&
                      memcmp(pt, pa, 2 * L) == 0,
                  "%s: decompress", t->name);
            CHECK(ops->decompress(t->impl, pt, pa, (pa[2 * L - 1] & 1u) ^ 1u) == FC_OK &&
                      memcmp(pt, pa, L) == 0,
                  "%s: decompress, other parity", t->name);
            sub_be(bad, t->p, pa + L, L);
            CHECK(memcmp(pt + L, bad, L) == 0, "%s: decompress, other parity is -y", t->name);
        }
    }

    /* decompression of x = 1, 2, ...: some have no square root (FC_ERR_POINT), the others
     * give a point on the curve (ECDH with 1 accepts it) */
    if (ops->decompress != NULL) {
        memset(pt, 0, 2 * L);
        for (i = 1; i < 40 && !(seen_ok >= 2 && seen_none >= 2); i++) {
            fc_status st;
            uint8_t x[FC_EC_MAX_LEN];
            memset(x, 0, L);
            x[L - 1] = (uint8_t)i;
            st = ops->decompress(t->impl, pt, x, (unsigned)i & 1u);
            if (st == FC_OK) {
                seen_ok++;
                CHECK(memcmp(pt, x, L) == 0 && (pt[2 * L - 1] & 1u) == (i & 1u) &&
                          ops->ecdh(t->impl, z1, one, pt) == FC_OK && memcmp(z1, x, L) == 0,
                      "%s: decompressed x = %u", t->name, (unsigned)i);
            } else {
                seen_none++;
                CHECK(st == FC_ERR_POINT, "%s: decompress x = %u: %d", t->name, (unsigned)i, st);
            }
        }
        CHECK(seen_ok >= 2 && seen_none >= 2, "%s: decompress, both outcomes", t->name);
        memcpy(pt, t->p, L);
        CHECK(ops->decompress(t->impl, bad, pt, 0) == FC_ERR_POINT, "%s: decompress x = p",
              t->name);
    }
}

int main(void)
{
    size_t i;
    curve_t t;
    CHECK(soft_impl(FC_SECP256R1) != NULL, "soft has secp256r1");
    for (i = 0; i < CURVE_COUNT; i++) {
        if (!curve_setup(&t, curve_tables[i]))
            continue;
        check_constants(&t);
        check_inverse(&t);
        if (t.c->p.fast != ECW_FAST_NONE)
            check_fast_field(&t, &t.c->p);
        if (t.c->n.fast != ECW_FAST_NONE)
            check_fast_field(&t, &t.c->n);
        if (t.c->comb != NULL)
            check_comb_table(&t);
        test_curve(&t);
    }
    test_vectors();
    return tu_finish("test_ec_soft");
}
